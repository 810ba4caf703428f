import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeTelefono, phoneSearchDigits } from '#shared/domain.ts';
import { leads, pratiche } from '#server/db/schema.ts';
import { searchMatches } from '#server/modules/leads/lead-search.ts';
import { insertLead, insertPratica, insertPuntoFisico } from '#test/setup/factories.ts';
import { pieceOf, selectValue } from '#test/setup/search-pieces.ts';
import { createTestContext, loginAsAdmin, type TestContext } from '#test/setup/test-app.ts';

/**
 * A term with seven digits in a row is found through the index of the rows' digit windows
 * (docs/performance.md#ricerca-dei-lead): the index only narrows the rows down, so the leads and
 * practices found must be exactly those whose search text holds the term or whose phone key holds
 * its digits, as before the index, whatever the term.
 */
let ctx: TestContext;
let admin: string;
let puntoId: number;
type Customer = { leadId: number; praticheIds: number[]; cerca: string; telefonoNormalizzato: string };
let customers: Customer[];

// Two digits only, so that many customers share windows without holding each other's numbers:
// the index gives rows that the text check then has to drop.
const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom('3', '4'), { minLength: min, maxLength: max }).map((d) => d.join(''));
// A phone as people type it: plain, with the prefix, spaced, with the international zeros.
const typedPhone = fc
  .tuple(digits(10, 10), fc.constantFrom('plain', '+39 ', 'spaced', '0039'))
  .map(([d, style]) =>
    style === 'plain'
      ? d
      : style === 'spaced'
        ? `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`
        : `${style}${d}`,
  );
// E-mails with capitals and LIKE's wildcards, taken literally by the search.
const customer = fc.record({
  telefono: typedPhone,
  local: fc.tuple(fc.constantFrom('anna', 'Rocco', 'r_c%o'), digits(0, 9)),
  practices: fc.constantFrom(0, 1, 1, 2),
});

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await loginAsAdmin(ctx.app);
  puntoId = (await insertPuntoFisico(ctx.db)).id;
  customers = [];
  for (const c of fc.sample(customer, { numRuns: 24, seed: 46 })) {
    const lead = await insertLead(ctx.db, {
      telefono: c.telefono,
      email: `${c.local.join('.')}@posta.it`,
      puntoFisicoOriginaleId: puntoId,
    });
    customers.push({
      leadId: lead.id,
      praticheIds: [],
      cerca: lead.cerca,
      telefonoNormalizzato: lead.telefonoNormalizzato,
    });
    // Some customers without a practice, some with two, some practices added to an earlier
    // customer: a practice's id never tells its customer's.
    for (let n = 0; n < c.practices; n++) {
      const owner = n === 0 ? customers.at(-1)! : customers[customers.length >> 1];
      const pratica = await insertPratica(ctx.db, {
        leadId: owner.leadId,
        puntoFisicoId: puntoId,
        servizi: ['luce'],
      });
      owner.praticheIds.push(pratica.id);
    }
  }
}, 60_000);
afterAll(async () => ctx?.close());

/** What the search box finds, by its definition: the text as typed, or the phone's digits. */
function holds(c: Customer, term: string): boolean {
  const search = term.trim();
  const phone = phoneSearchDigits(search);
  return (
    c.cerca.includes(search.toLowerCase()) ||
    (phone !== null &&
      (c.telefonoNormalizzato.includes(phone) || c.telefonoNormalizzato.includes(normalizeTelefono(search))))
  );
}

async function foundIds(list: 'leads' | 'pratiche', term: string): Promise<number[]> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/${list}?puntoFisicoId=${puntoId}&pageSize=100&search=${encodeURIComponent(term)}`,
    headers: { cookie: admin },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<{ items: Array<{ id: number }> }>()
    .items.map((i) => i.id)
    .sort((a, b) => a - b);
}

const single = <T>(query: ReturnType<typeof sql>) => selectValue<T>(ctx.db, query);

describe('the digit windows of a text', () => {
  it.each([
    ['3471234567', [3471234, 4712345, 7123456, 1234567]],
    ['+39 347 1234567', [1234567]],
    ['0123456', [123456]],
    ['347 123 4567', []],
    ['123456', []],
    ['mario.rossi@posta.it', []],
  ])('%s', async (text, windows) => {
    expect(await single<number[]>(sql`select ricerca_finestre_cifre(${text}) as v`)).toEqual(windows);
  });

  it('of any piece of a text are among those of the text', async () => {
    const text = fc
      .array(fc.constantFrom(...'0123456789 +-.@ab'), { minLength: 1, maxLength: 40 })
      .map((c) => c.join(''));
    await fc.assert(
      fc.asyncProperty(text, fc.nat(), fc.nat(), async (whole, a, b) => {
        const piece = pieceOf(whole, a, b);
        const within = await single<boolean>(
          sql`select ricerca_finestre_cifre(${piece}) <@ ricerca_finestre_cifre(${whole}) as v`,
        );
        expect(within, `${JSON.stringify(piece)} in ${JSON.stringify(whole)}`).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('a search with seven digits in a row finds what the plain comparison finds', () => {
  // A piece of a customer's search text or phone key, or digits of no one in particular, as
  // typed: plain, spaced, with the prefix.
  const term = fc.oneof(
    fc
      .tuple(
        fc.nat(),
        fc.constantFrom('cerca', 'telefonoNormalizzato') as fc.Arbitrary<'cerca'>,
        fc.nat(),
        fc.nat(),
      )
      .map(([i, field, a, b]) => {
        // One field of the search text: a term cannot hold the separator (a control character).
        const fields = customers[i % customers.length][field].split('\u0001');
        const source = fields[a % fields.length];
        const piece = pieceOf(source, a, b);
        // Typed in capitals now and then: the search folds case as the stored text was folded.
        return b % 3 === 0 ? piece.toUpperCase() : piece;
      }),
    digits(5, 12),
    digits(7, 10).map((d) => `+39 ${d}`),
    digits(7, 10).map((d) => `${d.slice(0, 3)} ${d.slice(3)}`),
  );

  it.each(['leads', 'pratiche'] as const)('in the %s list of the administrator', async (list) => {
    await fc.assert(
      fc.asyncProperty(term, async (t) => {
        fc.pre(t.trim().length > 0);
        const found = customers.filter((c) => holds(c, t));
        const numero = /^\d{1,9}$/.test(t.trim()) ? Number(t) : undefined;
        const expected = (
          list === 'leads'
            ? found.map((c) => c.leadId)
            : [
                ...new Set([
                  ...found.flatMap((c) => c.praticheIds),
                  // A bare number is also a practice's number.
                  ...customers.flatMap((c) => c.praticheIds).filter((id) => id === numero),
                ]),
              ]
        ).sort((a, b) => a - b);
        expect(await foundIds(list, t), JSON.stringify(t)).toEqual(expected);
      }),
      { numRuns: 120 },
    );
  });

  it("does not find a customer holding every window of the term, but not the term's digits in a row", async () => {
    const lead = await insertLead(ctx.db, {
      email: 'cliente.1234567.2345678@posta.it',
      telefono: '3330001111',
      puntoFisicoOriginaleId: puntoId,
    });
    const windowsHeld = await single<boolean>(
      sql`select ricerca_finestre_cifre(${lead.cerca}) @> ricerca_finestre_cifre('12345678') as v`,
    );
    expect(windowsHeld).toBe(true);
    expect(await foundIds('leads', '12345678')).not.toContain(lead.id);
    expect(await foundIds('leads', '1234567')).toContain(lead.id);
    expect(await foundIds('leads', '2345678')).toContain(lead.id);
  });

  it.each([
    ['leads', '3434343', true],
    ['leads', '+39 343 4343434', true],
    ['pratiche', '3434343434', true],
    ['leads', '3434', false],
  ] as const)('in the %s list, %s is read from the digit windows: %s', async (list, term, byWindows) => {
    const table = list === 'leads' ? leads : pratiche;
    const plan = await ctx.db.transaction(async (tx) => {
      // A table of a few rows would be read whole, or along the list's covering index: with only
      // bitmap reads allowed, the plan shows which search index the condition can use.
      for (const scan of ['seqscan', 'indexscan', 'indexonlyscan'])
        await tx.execute(sql.raw(`set local enable_${scan} = off`));
      const result = (await tx.execute(
        sql`explain select ${table.id} from ${table} where ${searchMatches(table, term)}`,
      )) as unknown as { rows: Array<Record<string, string>> };
      return result.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan.includes('leads_finestre_cifre_idx'), plan).toBe(byWindows);
    // Every pattern of these terms has seven digits in a row: no trigram list is read.
    if (byWindows) expect(plan, plan).not.toMatch(/_trgm_idx|pratiche_ricerca_idx/);
  });
});
