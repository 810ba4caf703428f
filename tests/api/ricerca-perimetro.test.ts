import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '#shared/permissions.ts';
import { insertLead } from '#test/setup/factories.ts';
import { pieceOf } from '#test/setup/search-pieces.ts';
import { createTestContext, type TestContext } from '#test/setup/test-app.ts';
import { buildTwoShopWorld, SCOPED_ROLES } from '#test/setup/world.ts';

/**
 * A scoped person's search (docs/performance.md#perimetro-dei-ruoli) finds exactly what the plain
 * LIKE finds, for any text and any piece of it, and only in that person's rows.
 */
let ctx: TestContext;
let w: Awaited<ReturnType<typeof buildTwoShopWorld>>;

beforeAll(async () => {
  ctx = await createTestContext();
  w = await buildTwoShopWorld(ctx);
}, 60_000);
afterAll(async () => ctx?.close());

// Letters with and without accents, capitals, digits and the punctuation of names, e-mails and
// phones, with the LIKE wildcards taken literally.
const CHARS = [..."abcorsitlmnAEÈÀÒÇèéàòùìç0123456789 .@'-+_%"];
const text = fc.array(fc.constantFrom(...CHARS), { minLength: 1, maxLength: 40 }).map((c) => c.join(''));

describe('a scoped search finds a lead by any piece of its name, e-mail or phone', () => {
  const own = (role: Role) => w.cookies[role];
  const other: Record<string, () => string> = {
    punto_fisico: () => w.pfB.cookie,
    agente: () => w.agB.cookie,
    area_manager: () => w.amB.cookie,
  };
  const found = async (term: string, cookie: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/leads?search=${encodeURIComponent(term)}`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: Array<{ id: number }> }>().items.map((i) => i.id);
  };

  it.each(SCOPED_ROLES)('%s, and not the same role of another shop', async (role) => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          nome: text,
          cognome: text,
          local: text,
          phone: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 7, maxLength: 7 }),
        }),
        fc.constantFrom('nome', 'cognome', 'email', 'telefono', 'cognome nome'),
        fc.nat(),
        fc.nat(),
        fc.boolean(),
        async (fields, field, a, b, upper) => {
          const digits = fields.phone.join('');
          const lead = await insertLead(ctx.db, {
            nome: fields.nome,
            cognome: fields.cognome,
            email: `${fields.local}@posta.it`,
            telefono: `+39 347 ${digits.slice(0, 3)} ${digits.slice(3)}`,
            puntoFisicoOriginaleId: w.puntoA.id,
          });
          const source =
            field === 'cognome nome'
              ? `${lead.cognome} ${lead.nome}`
              : field === 'email'
                ? lead.email
                : field === 'telefono'
                  ? lead.telefono
                  : lead[field];
          const piece = pieceOf(source, a, b);
          fc.pre(piece.trim().length > 0);
          const term = upper ? piece.toUpperCase() : piece;
          // The newest lead is first on the first page, however many others the term finds.
          expect((await found(term, own(role)))[0], JSON.stringify(term)).toBe(lead.id);
          expect(await found(term, other[role]()), JSON.stringify(term)).not.toContain(lead.id);
        },
      ),
      { numRuns: 40 },
    );
  });
});
