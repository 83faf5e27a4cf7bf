import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';

export async function linksRoutes(_app: FastifyInstance, _services: Services) {}
