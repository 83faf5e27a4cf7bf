import { LINK_MESSAGES } from '@sente/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../lib/answer.ts';
import { route } from '../../lib/route.ts';
import { scopeOf } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';

export const linksRoutes: FastifyPluginAsyncZod<Services> = async (app, { links }) => {
  const view = { access: { account: 'view' }, rateClass: 'read' } as const;
  const manage = { access: { account: 'manageLinks' }, rateClass: 'write' } as const;

  // Payment links
  route(app, 'POST /api/payment-link/create', manage, async (request, reply) => {
    const link = await links.createPaymentLink(scopeOf(request), request.actor, request.body);
    return reply.code(201).send(answer(link, LINK_MESSAGES.paymentLinkSaved));
  });

  route(app, 'POST /api/payment-link/update/:id', manage, async (request) =>
    answer(await links.updatePaymentLink(scopeOf(request), request.params.id, request.body), LINK_MESSAGES.paymentLinkUpdated),
  );

  route(app, 'POST /api/payment-link/enable_or_disable/:id', manage, async (request) =>
    answer(
      await links.setPaymentLinkDisabled(scopeOf(request), request.params.id, request.body.is_disabled),
      LINK_MESSAGES.paymentLinkStatusUpdated,
    ),
  );

  route(app, 'GET /api/payment-link/details/:ref', view, async (request) =>
    answer(await links.paymentLinkByRef(scopeOf(request), request.params.ref)),
  );

  route(app, 'GET /api/payment-link', view, async (request) =>
    answer(await links.listPaymentLinks(scopeOf(request), request.query.cursor)),
  );

  // Donation links
  route(app, 'POST /api/donation-link/create', manage, async (request, reply) => {
    const link = await links.createDonationLink(scopeOf(request), request.actor, request.body);
    return reply.code(201).send(answer(link, LINK_MESSAGES.donationLinkSaved));
  });

  route(app, 'POST /api/donation-link/update/:id', manage, async (request) =>
    answer(await links.updateDonationLink(scopeOf(request), request.params.id, request.body), LINK_MESSAGES.donationLinkUpdated),
  );

  route(app, 'GET /api/donation-link/details/:ref', view, async (request) =>
    answer(await links.donationLinkByRef(scopeOf(request), request.params.ref)),
  );

  // The first page of donation links, or a later page of either list (the cursor names which, see the service).
  route(
    app,
    'GET /api/donation-link',
    {
      ...view,
    },
    async (request) => answer(await links.listDonationLinksOrItems(scopeOf(request), request.query.cursor)),
  );

  // Digital items (the spec keeps them under /api/donation-link, including its spelling of details_degital_item)
  route(app, 'POST /api/donation-link/create_digital_item', manage, async (request, reply) => {
    const item = await links.createDigitalItem(scopeOf(request), request.actor, request.body);
    return reply.code(201).send(answer(item, LINK_MESSAGES.itemAdded));
  });

  route(app, 'POST /api/donation-link/update_digital_item/:id', manage, async (request) =>
    answer(await links.updateDigitalItem(scopeOf(request), request.params.id, request.body), LINK_MESSAGES.itemUpdated),
  );

  route(app, 'GET /api/donation-link/details_degital_item/:ref', view, async (request) =>
    answer(await links.digitalItemByRef(scopeOf(request), request.params.ref)),
  );

  route(app, 'GET /api/donation-link/get_digital_items', view, async (request) =>
    answer(await links.listDigitalItems(scopeOf(request), request.query.cursor)),
  );

  // The spec's delete: a soft hide. shouldHide false shows the item again. The path's id is the item's.
  route(app, 'POST /api/donation-link/hide_digital_item/:id', manage, async (request) => {
    const { shouldHide } = request.body;
    await links.hideDigitalItem(scopeOf(request), request.params.id, shouldHide);
    return answer(
      { id: request.params.id, hidden: shouldHide },
      shouldHide ? LINK_MESSAGES.productDeleted : LINK_MESSAGES.itemUpdated,
    );
  });
};
