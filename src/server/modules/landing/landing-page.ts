import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import * as z from 'zod/mini';
import { DEMO_LANDING_CODE } from '#shared/domain.ts';
import {
  canFillLandingHtml,
  fillLandingHtml,
  LANDING_PRERENDER_FILE,
  type LandingPageState,
  type LandingPrerender,
} from '#shared/landing-page.ts';
import { landingCodeParamSchema } from '#shared/schemas/landing.ts';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { getLandingInfo } from '#server/modules/landing/landing.service.ts';

/** The point of a landing code, or 'missing' for a code that names no active point. */
async function landingPageState(db: Database, code: string): Promise<LandingPageState> {
  const parsed = z.safeParse(landingCodeParamSchema, { code });
  if (!parsed.success) return { status: 'missing' };
  try {
    return { status: 'ready', info: await getLandingInfo(db, parsed.data.code) };
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return { status: 'missing' };
    throw error;
  }
}

/** The built landing.html and its prerendered step, when the build has them. */
function loadPage(root: string): { template: string; prerender: LandingPrerender } | null {
  const html = path.join(root, 'landing.html');
  const json = path.join(root, LANDING_PRERENDER_FILE);
  if (!existsSync(html) || !existsSync(json)) return null;
  const template = readFileSync(html, 'utf8');
  if (!canFillLandingHtml(template)) return null;
  return { template, prerender: JSON.parse(readFileSync(json, 'utf8')) as LandingPrerender };
}

/**
 * GET /landing/{code}: the page with the first step already in its HTML, the shop's name
 * included, so a phone paints it before the JavaScript arrives; the browser then hydrates it
 * (docs/product/landing.md#primo-caricamento). A code of no active point answers 404 with
 * 'Pagina non trovata'. Without a prerendered build, the SPA fallback serves landing.html as is
 * and the browser renders the page itself.
 */
export const landingPageRoutes: FastifyPluginAsync<{ db: Database; root: string }> = async (
  app,
  { db, root },
) => {
  const page = loadPage(root);
  if (!page) {
    app.log.warn(`landing prerender not found in ${root}: the landing renders in the browser`);
    return;
  }
  app.get<{ Params: { code: string } }>('/landing/:code', async (request, reply) => {
    const code = request.params.code.toUpperCase();
    const state = await landingPageState(db, code);
    return reply
      .code(state.status === 'missing' ? 404 : 200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(fillLandingHtml(page.template, page.prerender, state, code === DEMO_LANDING_CODE));
  });
};
