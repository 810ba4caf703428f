import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, noContentSchema } from '#shared/schemas/common.ts';
import {
  createUserSchema,
  listUsersQuerySchema,
  searchUsersQuerySchema,
  updateRoleSchema,
  updateUserSchema,
  userSchema,
  userSearchResultSchema,
  usersPageSchema,
} from '#shared/schemas/utente.ts';
import type { Database } from '#server/db/client.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { recordAuthEvent } from '#server/modules/auth/auth.events.ts';
import {
  createUser,
  deleteUser,
  listUsers,
  resetUserTotp,
  searchUsers,
  unlockSignIn,
  updateUser,
  updateUserRole,
} from '#server/modules/utenti/utenti.service.ts';

export const utentiRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/users',
    {
      config: { access: 'users:manage' },
      schema: { querystring: listUsersQuerySchema, response: { 200: usersPageSchema } },
    },
    async (request) => listUsers(db, app.counters, request.query),
  );

  app.get(
    '/api/users/search',
    {
      config: { access: 'users:search' },
      schema: { querystring: searchUsersQuerySchema, response: { 200: z.array(userSearchResultSchema) } },
    },
    async (request) => searchUsers(db, actorOf(request), request.query),
  );

  app.post(
    '/api/users',
    { config: { access: 'users:manage' }, schema: { body: createUserSchema, response: { 201: userSchema } } },
    async (request, reply) =>
      reply.code(201).send(await createUser(db, actorOf(request), request.body, request.ip)),
  );

  app.put(
    '/api/users/:id',
    {
      config: { access: 'users:manage' },
      schema: { params: idParamSchema, body: updateUserSchema, response: { 200: userSchema } },
    },
    async (request) =>
      updateUser(db, actorOf(request), request.params.id, request.body, request.ip, request.sessionId),
  );

  app.patch(
    '/api/users/:id/role',
    {
      config: { access: 'users:manage' },
      schema: { params: idParamSchema, body: updateRoleSchema, response: { 200: userSchema } },
    },
    async (request) => updateUserRole(db, actorOf(request), request.params.id, request.body, request.ip),
  );

  app.delete(
    '/api/users/:id',
    {
      config: { access: 'users:manage' },
      schema: { params: idParamSchema, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      await deleteUser(db, actorOf(request), request.params.id, request.ip);
      return reply.code(204).send(null);
    },
  );

  /** Lifts a sign-in lock left by too many wrong passwords (docs/security.md#limiti-di-accesso). */
  app.post(
    '/api/users/:id/sblocca-accesso',
    {
      config: { access: 'users:manage' },
      schema: { params: idParamSchema, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      await unlockSignIn(db, app.counters, actorOf(request), request.params.id, request.ip);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/users/:id/totp',
    {
      config: { access: 'users:manage' },
      schema: { params: idParamSchema, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await resetUserTotp(db, actor, request.params.id);
      await recordAuthEvent(db, request, {
        type: 'totp.reset_by_admin',
        userId: request.params.id,
        byUserId: actor.id,
      });
      return reply.code(204).send(null);
    },
  );
};
