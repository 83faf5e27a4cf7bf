import { z } from 'zod';
import { answerOf, cursorQuery, fileAnswer, nothing, pageOf } from '../api.ts';
import {
  digitalItem,
  digitalItemInput,
  donationLink,
  donationLinkInput,
  enableOrDisableInput,
  hiddenItem,
  hideDigitalItemInput,
  newDigitalItemInput,
  paymentLink,
  paymentLinkDetails,
  paymentLinkInput,
} from '../links.ts';
import { livePage } from '../payments-answers.ts';
import { shortCodeParams, shortenUrlAnswer, shortenUrlInput } from '../short-links.ts';
import { byId, byRef, type RouteSchemas } from './shared.ts';

/** Both shorten paths (the payment links page and the digital items page each call their own) do the same. */
const shorten = { body: shortenUrlInput, response: { 200: shortenUrlAnswer } } as const;

/** Payment links, donation links and digital items, their live page and their short links. */
export const linkRoutes = {
  'POST /api/payment-link/create': { body: paymentLinkInput, response: { 201: answerOf(paymentLinkDetails) } },
  'POST /api/payment-link/update/:id': {
    params: byId,
    body: paymentLinkInput,
    response: { 200: answerOf(paymentLinkDetails) },
  },
  'POST /api/payment-link/enable_or_disable/:id': {
    params: byId,
    body: enableOrDisableInput,
    response: { 200: answerOf(paymentLink) },
  },
  'GET /api/payment-link/details/:ref': {
    params: byRef,
    querystring: nothing,
    response: { 200: answerOf(paymentLinkDetails) },
  },
  'GET /api/payment-link': { querystring: cursorQuery, response: { 200: answerOf(pageOf(paymentLink)) } },
  'POST /api/donation-link/create': { body: donationLinkInput, response: { 201: answerOf(donationLink) } },
  'POST /api/donation-link/update/:id': { params: byId, body: donationLinkInput, response: { 200: answerOf(donationLink) } },
  'GET /api/donation-link/details/:ref': { params: byRef, querystring: nothing, response: { 200: answerOf(donationLink) } },
  // The first page of donation links, or a later page of either list (the cursor names which).
  'GET /api/donation-link': {
    querystring: cursorQuery,
    response: { 200: answerOf(z.union([pageOf(donationLink), pageOf(digitalItem)])) },
  },
  'POST /api/donation-link/create_digital_item': { body: newDigitalItemInput, response: { 201: answerOf(digitalItem) } },
  'POST /api/donation-link/update_digital_item/:id': {
    params: byId,
    body: digitalItemInput,
    response: { 200: answerOf(digitalItem) },
  },
  'GET /api/donation-link/details_degital_item/:ref': {
    params: byRef,
    querystring: nothing,
    response: { 200: answerOf(digitalItem) },
  },
  'GET /api/donation-link/get_digital_items': { querystring: cursorQuery, response: { 200: answerOf(pageOf(digitalItem)) } },
  'POST /api/donation-link/hide_digital_item/:id': {
    params: byId,
    body: hideDigitalItemInput,
    response: { 200: answerOf(hiddenItem) },
  },
  'GET /api/payment-link/collections/:ref': { params: byRef, querystring: cursorQuery, response: { 200: answerOf(livePage) } },
  'GET /api/payment-link/collections/:ref/download': { params: byRef, querystring: nothing, response: { 200: fileAnswer } },
  'POST /api/payment-link/shorten_url': shorten,
  'POST /api/shorten_url': shorten,
  'GET /s/:code': { params: shortCodeParams, querystring: nothing, response: { 302: z.null().describe('To the long URL') } },
} as const satisfies Record<string, RouteSchemas>;
