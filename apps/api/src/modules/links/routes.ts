import {
  digitalItemInput,
  donationLinkInput,
  enableOrDisableInput,
  hideDigitalItemInput,
  newDigitalItemInput,
  paymentLinkInput,
} from '@sente/contracts/links';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseInput } from '../../lib/http-error.ts';
import type { LinkScope, LinksService } from './service.ts';

type WithId = { Params: { id: string } };
type WithRef = { Params: { ref: string } };
type WithCursor = { Querystring: { cursor?: unknown } };

/** The caller's current account, as resolved by requireAccount. */
const scopeOf = (request: FastifyRequest): LinkScope => ({
  accountId: request.account.id,
  environment: request.account.row.active_environment,
});

/** ?cursor= as given; a repeated one reads as one joined string, which the decoder refuses (400). */
const cursorOf = (request: FastifyRequest<WithCursor>) => {
  const { cursor } = request.query;
  return cursor === undefined ? undefined : String(cursor);
};

export async function linksRoutes(app: FastifyInstance, opts: { links: LinksService }) {
  const { links } = opts;
  const view = { preHandler: app.requireAccount('view'), config: { rateClass: 'read' } } as const;
  const manage = { preHandler: app.requireAccount('manageLinks'), config: { rateClass: 'write' } } as const;

  // Payment links
  app.post('/api/payment-link/create', manage, async (request, reply) => {
    const link = await links.createPaymentLink(scopeOf(request), request.auth.userId, parseInput(paymentLinkInput, request.body));
    return reply.code(201).send({ status: 'success', message: LINK_MESSAGES.paymentLinkSaved, data: link });
  });

  app.post<WithId>('/api/payment-link/update/:id', manage, async (request) => ({
    status: 'success',
    message: LINK_MESSAGES.paymentLinkUpdated,
    data: await links.updatePaymentLink(scopeOf(request), request.params.id, parseInput(paymentLinkInput, request.body)),
  }));

  app.post<WithId>('/api/payment-link/enable_or_disable/:id', manage, async (request) => {
    const { is_disabled } = parseInput(enableOrDisableInput, request.body);
    return {
      status: 'success',
      message: LINK_MESSAGES.paymentLinkStatusUpdated,
      data: await links.setPaymentLinkDisabled(scopeOf(request), request.params.id, is_disabled),
    };
  });

  app.get<WithRef>('/api/payment-link/details/:ref', view, async (request) => ({
    status: 'success',
    data: await links.paymentLinkByRef(scopeOf(request), request.params.ref),
  }));

  app.get<WithCursor>('/api/payment-link', view, async (request) => ({
    status: 'success',
    data: await links.listPaymentLinks(scopeOf(request), cursorOf(request)),
  }));

  // Donation links
  app.post('/api/donation-link/create', manage, async (request, reply) => {
    const link = await links.createDonationLink(
      scopeOf(request),
      request.auth.userId,
      parseInput(donationLinkInput, request.body),
    );
    return reply.code(201).send({ status: 'success', message: LINK_MESSAGES.donationLinkSaved, data: link });
  });

  app.post<WithId>('/api/donation-link/update/:id', manage, async (request) => ({
    status: 'success',
    message: LINK_MESSAGES.donationLinkUpdated,
    data: await links.updateDonationLink(scopeOf(request), request.params.id, parseInput(donationLinkInput, request.body)),
  }));

  app.get<WithRef>('/api/donation-link/details/:ref', view, async (request) => ({
    status: 'success',
    data: await links.donationLinkByRef(scopeOf(request), request.params.ref),
  }));

  // The first page of donation links, or a later page of either list (the cursor names which, see the service).
  app.get<WithCursor>('/api/donation-link', view, async (request) => ({
    status: 'success',
    data: await links.listDonationLinksOrItems(scopeOf(request), cursorOf(request)),
  }));

  // Digital items (the spec keeps them under /api/donation-link, including its spelling of details_degital_item)
  app.post('/api/donation-link/create_digital_item', manage, async (request, reply) => {
    const item = await links.createDigitalItem(
      scopeOf(request),
      request.auth.userId,
      parseInput(newDigitalItemInput, request.body),
    );
    return reply.code(201).send({ status: 'success', message: LINK_MESSAGES.itemAdded, data: item });
  });

  app.post<WithId>('/api/donation-link/update_digital_item/:id', manage, async (request) => ({
    status: 'success',
    message: LINK_MESSAGES.itemUpdated,
    data: await links.updateDigitalItem(scopeOf(request), request.params.id, parseInput(digitalItemInput, request.body)),
  }));

  app.get<WithRef>('/api/donation-link/details_degital_item/:ref', view, async (request) => ({
    status: 'success',
    data: await links.digitalItemByRef(scopeOf(request), request.params.ref),
  }));

  app.get<WithCursor>('/api/donation-link/get_digital_items', view, async (request) => ({
    status: 'success',
    data: await links.listDigitalItems(scopeOf(request), cursorOf(request)),
  }));

  // The spec's delete: a soft hide. shouldHide false shows the item again. The path's id is the item's.
  app.post<WithId>('/api/donation-link/hide_digital_item/:id', manage, async (request) => {
    const { shouldHide } = parseInput(hideDigitalItemInput, request.body);
    await links.hideDigitalItem(scopeOf(request), request.params.id, shouldHide);
    return {
      status: 'success',
      message: shouldHide ? LINK_MESSAGES.productDeleted : LINK_MESSAGES.itemUpdated,
      data: { id: request.params.id, hidden: shouldHide },
    };
  });
}
