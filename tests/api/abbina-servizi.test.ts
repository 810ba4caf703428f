import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedeContratto } from '#server/db/schema.ts';
import {
  abbinaServizi,
  type Abbinamento,
  type ChiaveServizio,
} from '#server/modules/servizi/abbina-servizi.ts';
import { fornitoreByCodice, insertPratica } from '#test/setup/factories.ts';
import { createTestContext, type TestContext } from '#test/setup/test-app.ts';

/** The service matcher of the supplier files (docs/product/fornitori-esiti.md#abbinamento), as a table. */
let ctx: TestContext;
const CF = 'RSSMRA85T10A562S';
const POD1 = 'IT001E00000001';
const PDR2 = '00000000000002';
const POD3 = 'IT001E00000003';
const POD5 = 'IT001E00000005';
let enel: number;
let w: { p1: number; s1: number; s2: number; s3: number; s4: number; s5: number };

beforeAll(async () => {
  ctx = await createTestContext();
  enel = (await fornitoreByCodice(ctx.db, 'ENEL')).id;
  const edison = (await fornitoreByCodice(ctx.db, 'EDISON')).id;
  // P1: luce and gas of one customer, no supplier recorded yet; P2: Edison's luce; P3: an
  // internet service (Enel does not sell it); P4: Enel's completed luce.
  const p1 = await insertPratica(ctx.db, { servizi: ['luce', 'gas'] });
  const p2 = await insertPratica(ctx.db, { servizi: [{ tipoServizio: 'luce', fornitoreId: edison }] });
  const p3 = await insertPratica(ctx.db, { servizi: ['internet'] });
  const p4 = await insertPratica(ctx.db, {
    servizi: [{ tipoServizio: 'luce', fornitoreId: enel, stato: 'completato' }],
  });
  const [s1, s2] = p1.servizi;
  const scheda = (
    servizioId: number,
    praticaId: number,
    codes: { pod?: string; pdr?: string; cf?: string },
  ) =>
    ctx.db.insert(schedeContratto).values({
      servizioId,
      praticaId,
      dati: {},
      pod: codes.pod ?? null,
      pdr: codes.pdr ?? null,
      codiceFiscale: codes.cf ?? null,
    });
  await scheda(s1.id, p1.id, { pod: POD1, cf: CF });
  await scheda(s2.id, p1.id, { pdr: PDR2, cf: CF });
  await scheda(p2.servizi[0].id, p2.id, { pod: POD3, cf: CF });
  await scheda(p4.servizi[0].id, p4.id, { pod: POD5 });
  w = { p1: p1.id, s1: s1.id, s2: s2.id, s3: p2.servizi[0].id, s4: p3.servizi[0].id, s5: p4.servizi[0].id };
});
afterAll(async () => ctx?.close());

const found = (servizioId: number): Abbinamento => ({ esito: 'trovato', servizioId });
const none: Abbinamento = { esito: 'non_trovato' };

describe("abbinaServizi: which of a supplier's services a file row names", () => {
  const cases: [string, () => ChiaveServizio, () => Abbinamento, ('luce' | undefined)?][] = [
    ['its service number', () => ({ servizioId: w.s1 }), () => found(w.s1)],
    ["another supplier's service", () => ({ servizioId: w.s3 }), () => none],
    ['a type the supplier does not offer', () => ({ servizioId: w.s4 }), () => none],
    [
      'a practice with two of its services',
      () => ({ praticaId: w.p1 }),
      () => ({ esito: 'ambiguo', servizioIds: [w.s1, w.s2] }),
    ],
    ['a practice, with the type given', () => ({ praticaId: w.p1 }), () => found(w.s1), 'luce'],
    ['a POD typed with spaces and lower case', () => ({ podPdr: 'it 001 e 0000 0001' }), () => found(w.s1)],
    ['a PDR in the same column', () => ({ podPdr: PDR2 }), () => found(w.s2)],
    [
      "the customer's codice fiscale, two services",
      () => ({ codiceFiscale: CF.toLowerCase() }),
      () => ({ esito: 'ambiguo', servizioIds: [w.s1, w.s2] }),
    ],
    ['codice fiscale and POD together', () => ({ codiceFiscale: CF, podPdr: POD1 }), () => found(w.s1)],
    ['a service number and a POD that disagree', () => ({ servizioId: w.s1, podPdr: POD5 }), () => none],
    ["another supplier's POD", () => ({ podPdr: POD3 }), () => none],
    ['a completed service recorded with the supplier', () => ({ podPdr: POD5 }), () => found(w.s5)],
    ['an unknown POD', () => ({ podPdr: 'IT001E99999999' }), () => none],
    ['nothing at all', () => ({ podPdr: '  ' }), () => none],
    ['an id that cannot exist', () => ({ servizioId: 2 ** 40 }), () => none],
  ];

  it.each(cases)('%s', async (_label, key, expected, tipo) => {
    expect(await abbinaServizi(ctx.db, enel, [key()], tipo)).toEqual([expected()]);
  });

  it('answers a whole batch in its order', async () => {
    const batch = cases.filter((c) => c[3] === undefined);
    expect(
      await abbinaServizi(
        ctx.db,
        enel,
        batch.map((c) => c[1]()),
      ),
    ).toEqual(batch.map((c) => c[2]()));
  });
});
