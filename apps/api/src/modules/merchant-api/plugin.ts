import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_REFERENCE_PATH, OPENAPI_DOCUMENT_PATH } from '@sente/contracts/merchant-api';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { route } from '../../lib/route.ts';
import { fixedFileRoutes } from '../../plugins/rate-limit.ts';
import { openApiDocument, withOpenAnswers, withResponseHeaders, withWebhooks } from './openapi.ts';
import { REFERENCE_CSS, REFERENCE_JS } from './reference-theme.ts';
import { v1Routes } from './routes.ts';
import type { MerchantApiService } from './service.ts';

type Options = { merchantApi: MerchantApiService; publicUrl: string };

/** The zod registry yields an input and an output schema for every named one; the document keeps those it uses. */
function withoutUnusedSchemas<D extends object>(document: D): D {
  const { components = {}, ...rest } = document as { components?: { schemas?: Record<string, unknown> } };
  const schemas = { ...components.schemas };
  const unused = () =>
    Object.keys(schemas).filter((name) => {
      const { [name]: _itself, ...others } = schemas;
      return !JSON.stringify([rest, others]).includes(`"#/components/schemas/${name}"`);
    });
  // An unused schema may be what kept another in use: repeat until none is left.
  for (let names = unused(); names.length > 0; names = unused()) for (const name of names) delete schemas[name];
  return { ...rest, components: { ...components, schemas } } as D;
}

/** Only /v1 is documented: the reference's own pages are not part of the API. */
const isDocumented = (url: string) => url.startsWith('/v1/') && url !== OPENAPI_DOCUMENT_PATH;

/**
 * The merchant REST API (decision 026) in a context of its own: @fastify/swagger documents its routes (zod validates and
 * answers them, as it does every route of the app). Serves the API under /v1, its
 * OpenAPI 3.1 document at /v1/openapi.json and a readable reference (Swagger UI, served from this server) at /docs.
 */
export async function merchantApiPlugin(app: FastifyInstance, { merchantApi, publicUrl }: Options) {
  const transform = createJsonSchemaTransform({});
  const withComponents = createJsonSchemaTransformObject({});
  await app.register(fastifySwagger, {
    openapi: openApiDocument(publicUrl),
    transform: (route) => (isDocumented(route.url) ? transform(route) : { schema: { hide: true }, url: route.url }),
    transformObject: (document) =>
      withResponseHeaders(withOpenAnswers(withoutUnusedSchemas(withWebhooks(withComponents(document))))),
  });

  await app.register(v1Routes, { prefix: '/v1', merchantApi });
  route(app, 'GET /v1/openapi.json', { schema: { hide: true }, access: 'public', rateClass: 'public' }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(app.swagger() as { openapi: string }),
  );

  // The reference's pages and files are fixed: rate class 'none' (plugins/rate-limit.ts).
  await app.register(async (reference) => {
    fixedFileRoutes(reference);
    await reference.register(fastifySwaggerUi, {
      routePrefix: API_REFERENCE_PATH,
      // BaseLayout: the reference of this one document, without Swagger UI's bar for exploring others.
      // No deep links: Swagger UI puts each one as a link inside the button that opens its operation (nested-interactive).
      // Examples in the `monokai` colours: the default theme's numbers are 3.45:1 on its dark background.
      uiConfig: {
        layout: 'BaseLayout',
        deepLinking: false,
        defaultModelsExpandDepth: 0,
        syntaxHighlight: { activate: true, theme: 'monokai' },
      },
      theme: {
        title: 'Sente API reference',
        css: [{ filename: 'accessible.css', content: REFERENCE_CSS }],
        js: [{ filename: 'main-landmark.js', content: REFERENCE_JS }],
      },
    });
  });
}
