import { z } from 'zod';
import { answerOf, fileAnswer, nothing } from '../api.ts';
import { collectionsPage } from '../collections-page.ts';
import { signedFileQuery } from '../files.ts';
import { posterQuery } from '../link-sharing.ts';
import { collectionDetail, collectionRefund, payAnswer, publicLink, publicPayment } from '../payments-answers.ts';
import { collectionsDownloadQuery, collectionsFilterQuery, payInput, receiptQuery, refundInput } from '../payments-input.ts';
import { byId, byRef, done, idempotencyHeaders, type RouteSchemas } from './shared.ts';

/** The dashboard's collections, one payment with its timeline and refunds, and the customer pages. */
export const paymentRoutes = {
  'GET /api/collections': { querystring: collectionsFilterQuery, response: { 200: answerOf(collectionsPage) } },
  // One payment with its timeline; its receipt sent again to the payer's e-mail.
  'GET /api/collections/:id': { params: byId, querystring: nothing, response: { 200: answerOf(collectionDetail) } },
  'POST /api/collections/:id/resend-receipt': { params: byId, body: nothing, response: { 200: done } },
  'POST /api/collections/:id/refund': {
    params: byId,
    headers: idempotencyHeaders,
    body: refundInput,
    response: { 200: answerOf(collectionRefund), 201: answerOf(collectionRefund) },
  },
  'GET /api/collections/download': { querystring: collectionsDownloadQuery, response: { 200: fileAnswer } },

  'GET /api/public/links/:ref': { params: byRef, querystring: nothing, response: { 200: answerOf(publicLink) } },
  'GET /api/public/links/:ref/attachments/:name': {
    params: z.object({ ref: z.string(), name: z.string() }),
    querystring: nothing,
    response: { 200: fileAnswer },
  },
  // A link's QR code of its short link and its printable poster (the share kit).
  'GET /api/public/links/:ref/qr.png': { params: byRef, querystring: nothing, response: { 200: fileAnswer } },
  'GET /api/public/links/:ref/qr.svg': { params: byRef, querystring: nothing, response: { 200: fileAnswer } },
  'GET /posters/:ref': { params: byRef, querystring: posterQuery, response: { 200: fileAnswer } },
  'POST /api/public/links/:ref/pay': {
    params: byRef,
    headers: idempotencyHeaders,
    body: payInput,
    response: { 201: answerOf(payAnswer) },
  },
  'GET /api/public/payments/:id': { params: byId, querystring: nothing, response: { 200: answerOf(publicPayment) } },
  'POST /api/public/payments/:id/cancel': { params: byId, body: nothing, response: { 200: answerOf(publicPayment) } },
  'GET /api/public/payments/:id/download': { params: byId, querystring: signedFileQuery, response: { 200: fileAnswer } },

  // The payer's receipt (decision 068): an HTML page by its unguessable code, or its PDF; an unknown code a plain 404 page.
  'GET /r/:code': {
    params: z.object({ code: z.string().max(100) }),
    querystring: receiptQuery,
    response: { 200: fileAnswer, 404: fileAnswer },
  },
} as const satisfies Record<string, RouteSchemas>;
