import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardStatsSchema } from '#shared/schemas/dashboard.ts';
import type { Database } from '#server/db/client.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { getDashboardStats } from '#server/modules/dashboard/dashboard.service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/dashboard/stats',
    { config: { access: 'dashboard:read' }, schema: { response: { 200: dashboardStatsSchema } } },
    async (request) => getDashboardStats(db, actorOf(request)),
  );
};
