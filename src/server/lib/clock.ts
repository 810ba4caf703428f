import type { FastifyRequest } from 'fastify';

/**
 * The header that moves a request's clock, honoured only by a server with NODE_ENV=test: the E2E
 * tests of the calling hours run the queue at Monday 10:05 or on a Sunday whatever the real time
 * (docs/product/calls.md#prove). A production server never reads it.
 */
export const TEST_NOW_HEADER = 'x-test-now';

/** When the request is served: now, or under a test server the time its header names. */
export function requestNow(request: FastifyRequest, testClock: boolean): Date {
  const header = testClock ? request.headers[TEST_NOW_HEADER] : undefined;
  if (typeof header === 'string') {
    const at = new Date(header);
    if (!Number.isNaN(at.getTime())) return at;
  }
  return new Date();
}
