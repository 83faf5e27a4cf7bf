import { LINK_MESSAGES } from '@sente/contracts/messages';
import { ROUTES } from '@sente/contracts/routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../lib/answer.ts';
import { scopeOf } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';

export const linksRoutes: FastifyPluginAsyncZod<Services> = async (app, { links }) => {
  const view = { preValidation: app.requireAccount('view'), config: { rateClass: 'read' } } as const;
  const manage = { preValidation: app.requireAccount('manageLinks'), config: { rateClass: 'write' } } as const;

  // Payment links
  app.post('/api/payment-link/create', { ...manage, schema: ROUTES['POST /api/payment-link/create'] }, async (request, reply) => {
    const link = await links.createPaymentLink(scopeOf(request), request.auth.userId, request.body);
    return reply.code(201).send(answer(link, LINK_MESSAGES.paymentLinkSaved));
  });

  app.post('/api/payment-link/update/:id', { ...manage, schema: ROUTES['POST /api/payment-link/update/:id'] }, async (request) =>
    answer(await links.updatePaymentLink(scopeOf(request), request.params.id, request.body), LINK_MESSAGES.paymentLinkUpdated),
  );

  app.post(
    '/api/payment-link/enable_or_disable/:id',
    { ...manage, schema: ROUTES['POST /api/payment-link/enable_or_disable/:id'] },
    async (request) =>
      answer(
        await links.setPaymentLinkDisabled(scopeOf(request), request.params.id, request.body.is_disabled),
        LINK_MESSAGES.paymentLinkStatusUpdated,
      ),
  );

  app.get('/api/payment-link/details/:ref', { ...view, schema: ROUTES['GET /api/payment-link/details/:ref'] }, async (request) =>
    answer(await links.paymentLinkByRef(scopeOf(request), request.params.ref)),
  );

  app.get('/api/payment-link', { ...view, schema: ROUTES['GET /api/payment-link'] }, async (request) =>
    answer(await links.listPaymentLinks(scopeOf(request), request.query.cursor)),
  );

  // Donation links
  app.post(
    '/api/donation-link/create',
    { ...manage, schema: ROUTES['POST /api/donation-link/create'] },
    async (request, reply) => {
      const link = await links.createDonationLink(scopeOf(request), request.auth.userId, request.body);
      return reply.code(201).send(answer(link, LINK_MESSAGES.donationLinkSaved));
    },
  );

  app.post(
    '/api/donation-link/update/:id',
    { ...manage, schema: ROUTES['POST /api/donation-link/update/:id'] },
    async (request) =>
      answer(
        await links.updateDonationLink(scopeOf(request), request.params.id, request.body),
        LINK_MESSAGES.donationLinkUpdated,
      ),
  );

  app.get(
    '/api/donation-link/details/:ref',
    { ...view, schema: ROUTES['GET /api/donation-link/details/:ref'] },
    async (request) => answer(await links.donationLinkByRef(scopeOf(request), request.params.ref)),
  );

  // The first page of donation links, or a later page of either list (the cursor names which, see the service).
  app.get(
    '/api/donation-link',
    {
      ...view,
      schema: ROUTES['GET /api/donation-link'],
    },
    async (request) => answer(await links.listDonationLinksOrItems(scopeOf(request), request.query.cursor)),
  );

  // Digital items (the spec keeps them under /api/donation-link, including its spelling of details_degital_item)
  app.post(
    '/api/donation-link/create_digital_item',
    { ...manage, schema: ROUTES['POST /api/donation-link/create_digital_item'] },
    async (request, reply) => {
      const item = await links.createDigitalItem(scopeOf(request), request.auth.userId, request.body);
      return reply.code(201).send(answer(item, LINK_MESSAGES.itemAdded));
    },
  );

  app.post(
    '/api/donation-link/update_digital_item/:id',
    { ...manage, schema: ROUTES['POST /api/donation-link/update_digital_item/:id'] },
    async (request) =>
      answer(await links.updateDigitalItem(scopeOf(request), request.params.id, request.body), LINK_MESSAGES.itemUpdated),
  );

  app.get(
    '/api/donation-link/details_degital_item/:ref',
    { ...view, schema: ROUTES['GET /api/donation-link/details_degital_item/:ref'] },
    async (request) => answer(await links.digitalItemByRef(scopeOf(request), request.params.ref)),
  );

  app.get(
    '/api/donation-link/get_digital_items',
    { ...view, schema: ROUTES['GET /api/donation-link/get_digital_items'] },
    async (request) => answer(await links.listDigitalItems(scopeOf(request), request.query.cursor)),
  );

  // The spec's delete: a soft hide. shouldHide false shows the item again. The path's id is the item's.
  app.post(
    '/api/donation-link/hide_digital_item/:id',
    { ...manage, schema: ROUTES['POST /api/donation-link/hide_digital_item/:id'] },
    async (request) => {
      const { shouldHide } = request.body;
      await links.hideDigitalItem(scopeOf(request), request.params.id, shouldHide);
      return answer(
        { id: request.params.id, hidden: shouldHide },
        shouldHide ? LINK_MESSAGES.productDeleted : LINK_MESSAGES.itemUpdated,
      );
    },
  );
};
