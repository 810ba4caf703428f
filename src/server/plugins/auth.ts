import type { Actor } from '#server/lib/actor.ts';
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt, lt, or } from 'drizzle-orm';
import { can, type Permission } from '#shared/permissions.ts';
import { msg } from '#shared/messages.ts';
import type { Database, DbExecutor } from '#server/db/client.ts';
import { sessions, users } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';

export const SESSION_COOKIE = 'ws_session';
/**
 * A session ends after 12 hours without use (overnight, a forgotten shared PC) and in any case 7
 * days after sign-in, however much it is used. See docs/security.md#sessioni
 */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** The idle deadline moves with use, written at most once per this interval per session. */
const SESSION_TOUCH_EVERY_MS = 5 * 60 * 1000;

/** Where a session's idle deadline moves on use: never past its absolute limit. */
function idleDeadline(createdAt: Date, now: number): Date {
  return new Date(Math.min(now + SESSION_IDLE_MS, createdAt.getTime() + SESSION_MAX_AGE_MS));
}

/**
 * Every /api route states who may call it: 'public', 'signedIn', or a permission of the table in
 * src/shared/permissions.ts. A route without it does not start (see the onRoute hook below).
 */
export type Access = 'public' | 'signedIn' | Permission;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    actor: Actor | null;
    sessionId: string | null;
  }
}

export interface AuthOptions {
  db: Database;
  sessionSecret: string;
  secureCookies: boolean;
}

function sessionIdFor(token: string, secret: string): string {
  return createHmac('sha256', secret).update(token).digest('base64url');
}

export async function endSessionsOf(db: DbExecutor, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export const authPlugin = fp<AuthOptions>(async (app: FastifyInstance, options) => {
  const { db, sessionSecret, secureCookies } = options;
  app.decorateRequest('actor', null);
  app.decorateRequest('sessionId', null);

  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  // Routes that a third-party plugin registers under a prefix cannot carry config.access: the
  // prefix declares it for all of them (e.g. the API reference under /api/docs).
  const prefixAccess: Array<{ prefix: string; access: Access }> = [];
  app.decorate('protectPrefix', (prefix: string, access: Access) => {
    prefixAccess.push({ prefix, access });
  });
  const accessOf = (url: string | undefined, config: { access?: Access } | undefined) =>
    config?.access ??
    (url === undefined
      ? undefined
      : prefixAccess.find((p) => url === p.prefix || url.startsWith(`${p.prefix}/`))?.access);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = accessOf(route.url, route.config);
    if (!access) throw new Error(`La rotta ${String(route.method)} ${route.url} non dichiara config.access`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, access, schema: route.schema });
    }
  });

  /** The session of a signed-in request, with its person, while it is valid. */
  const sessionLookup = (query: { id: string; now: Date; signedInAfter: Date }) =>
    db
      .select({
        expiresAt: sessions.expiresAt,
        createdAt: sessions.createdAt,
        id: users.id,
        role: users.role,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        isActive: users.isActive,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, query.id),
          gt(sessions.expiresAt, query.now),
          gt(sessions.createdAt, query.signedInAfter),
        ),
      );

  app.addHook('onRequest', async (request) => {
    const access = accessOf(request.routeOptions.url, request.routeOptions.config);
    if (!access || access === 'public') return;
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const id = sessionIdFor(token, sessionSecret);
      const now = Date.now();
      const [row] = await sessionLookup({
        id,
        now: new Date(now),
        signedInAfter: new Date(now - SESSION_MAX_AGE_MS),
      });
      if (row?.isActive) {
        request.actor = {
          id: row.id,
          role: row.role,
          email: row.email,
          firstName: row.firstName,
          lastName: row.lastName,
        };
        request.sessionId = id;
        // Use moves the idle deadline; one write per few minutes, not one per request.
        const next = idleDeadline(row.createdAt, now);
        if (next.getTime() - row.expiresAt.getTime() >= SESSION_TOUCH_EVERY_MS) {
          await db.update(sessions).set({ expiresAt: next }).where(eq(sessions.id, id));
        }
      }
    }
    if (!request.actor) throw AppError.unauthorized(msg.auth.notAuthenticated);
    if (access !== 'signedIn' && !can(request.actor.role, access))
      throw AppError.forbidden(msg.auth.forbidden);
  });

  app.decorate('startSession', async (request: FastifyRequest, reply: FastifyReply, userId: number) => {
    // A fresh id at every login: a planted cookie never becomes a signed-in session.
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await db.delete(sessions).where(eq(sessions.id, sessionIdFor(previous, sessionSecret)));
    const token = randomBytes(32).toString('base64url');
    const id = sessionIdFor(token, sessionSecret);
    const now = Date.now();
    await db.insert(sessions).values({
      id,
      userId,
      createdAt: new Date(now),
      expiresAt: idleDeadline(new Date(now), now),
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
    });
    // Housekeeping: expired sessions go away at logins, not in a timer.
    await db
      .delete(sessions)
      .where(
        or(lt(sessions.expiresAt, new Date(now)), lt(sessions.createdAt, new Date(now - SESSION_MAX_AGE_MS))),
      );
    void reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      maxAge: SESSION_MAX_AGE_MS / 1000,
    });
  });

  app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[SESSION_COOKIE];
    const ended = token
      ? await db
          .delete(sessions)
          .where(eq(sessions.id, sessionIdFor(token, sessionSecret)))
          .returning({ userId: sessions.userId })
      : [];
    void reply.clearCookie(SESSION_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
    });
    return ended[0]?.userId ?? null;
  });
});

export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
  /** The route's request and response schemas (zod), for the security suite's fuzzing. */
  schema?: FastifySchema;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its declared access: the permission test walks this list. */
    apiRoutes: readonly ApiRoute[];
    /** Declares the access of every route registered later under this prefix without its own. */
    protectPrefix(prefix: string, access: Access): void;
    startSession(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void>;
    /** Ends the request's session; the user whose session it was, or null when there was none. */
    endSession(request: FastifyRequest, reply: FastifyReply): Promise<number | null>;
  }
}

/** The signed-in actor of a route whose access is not 'public'. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw AppError.unauthorized(msg.auth.notAuthenticated);
  return request.actor;
}
