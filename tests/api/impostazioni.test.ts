import { randomInt } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, consensi, emailOutbox, impostazioni } from '#server/db/schema.ts';
import { PRIVACY_NOTICE_VERSION } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { landingMsg } from '#shared/messages-landing.ts';
import { paths } from '#shared/permissions.ts';
import type { Impostazioni } from '#shared/schemas/impostazioni.ts';
import { buildSubmission, insertPuntoFisico, insertUser } from '#test/setup/factories.ts';
import { createTestContext, loginAs, loginAsAdmin, type TestContext } from '#test/setup/test-app.ts';

/**
 * Impostazioni (company phone, the notice's controller), the public notice and what they change for
 * the customer: the phone on the landing and in the e-mail, the version recorded with a consent,
 * the warnings of the Punti Fisici and Utenti lists. Its own database: the settings are global.
 */
let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await loginAsAdmin(ctx.app);
});
afterAll(async () => ctx?.close());

const BLANK: Impostazioni = {
  telefonoAziendale: '',
  titolareNome: '',
  titolareIndirizzo: '',
  titolareEmail: '',
  dpo: '',
};
const TITOLARE = {
  titolareNome: 'Rete Energia S.r.l.',
  titolareIndirizzo: 'Via Torino 10, 20123 Milano',
  titolareEmail: 'privacy@rete-energia.it',
  dpo: 'Studio Bianchi, dpo@studiobianchi.it',
};

const put = (payload: unknown, cookie = admin) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/impostazioni',
    headers: { cookie },
    payload: payload as object,
  });
const informativa = async () => (await ctx.app.inject({ method: 'GET', url: '/api/informativa' })).json();
const landing = async (code: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/landing/${code}` })).json();
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** A point whose people have no phone at all. */
async function puntoSenzaTelefoni() {
  const responsabile = await insertUser(ctx.db, { role: 'punto_fisico', phone: '' });
  const agente = await insertUser(ctx.db, { role: 'agente', phone: '', firstName: 'Ada', lastName: 'Senza' });
  const punto = await insertPuntoFisico(ctx.db, {
    utenteResponsabileId: responsabile.id,
    agenteId: agente.id,
  });
  return { punto, agente, responsabile };
}

/** A landing submission for the point, from a fresh address; it must be accepted. */
async function submitAt(puntoId: number) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/submit-form',
    remoteAddress: randomIp(),
    payload: buildSubmission(puntoId) as object,
  });
  expect(res.statusCode).toBe(201);
  return res;
}

describe('Impostazioni: admin only, validated, audit-logged', () => {
  it.each(['amministrazione', 'area_manager', 'agente', 'punto_fisico'] as const)(
    'refuses %s with 403 and changes nothing',
    async (role) => {
      const { cookie } = await loginAs(ctx, role);
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/impostazioni', headers: { cookie } })).statusCode,
      ).toBe(403);
      expect((await put({ ...BLANK, telefonoAziendale: '+39 02 1234567' }, cookie)).statusCode).toBe(403);
      const rows = await ctx.db.select().from(impostazioni).where(eq(impostazioni.chiave, 'azienda'));
      expect(rows).toHaveLength(0);
    },
  );

  it.each([
    [
      'a phone with letters',
      { telefonoAziendale: 'chiamaci' },
      'telefonoAziendale',
      msg.impostazioni.telefonoInvalid,
    ],
    [
      'a phone too short',
      { telefonoAziendale: '123' },
      'telefonoAziendale',
      msg.impostazioni.telefonoInvalid,
    ],
    ['a bad e-mail', { titolareEmail: 'privacy@' }, 'titolareEmail', msg.impostazioni.titolareEmailInvalid],
  ])('refuses %s with an Italian message and saves nothing', async (_label, change, field, message) => {
    const res = await put({ ...BLANK, ...TITOLARE, ...change });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
    expect(res.json().issues?.some((i: { path: unknown[] }) => i.path.includes(field)) ?? true).toBe(true);
    const rows = await ctx.db.select().from(impostazioni).where(eq(impostazioni.chiave, 'azienda'));
    expect(rows).toHaveLength(0);
  });

  it('saves the controller, answers a new notice version and logs who changed what', async () => {
    const before = await informativa();
    expect(before.versione).toBe(PRIVACY_NOTICE_VERSION);
    expect(before.titolare).toEqual({ nome: '', indirizzo: '', email: '', dpo: '' });

    const res = await put({ ...BLANK, ...TITOLARE });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...TITOLARE, versioneInformativa: `${PRIVACY_NOTICE_VERSION}.1` });

    const notice = await informativa();
    expect(notice).toMatchObject({
      titolare: {
        nome: TITOLARE.titolareNome,
        indirizzo: TITOLARE.titolareIndirizzo,
        email: TITOLARE.titolareEmail,
        dpo: TITOLARE.dpo,
      },
      conservazioneLeadMesi: 24,
      versione: `${PRIVACY_NOTICE_VERSION}.1`,
    });
    const [event] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tipo, 'impostazioni_modificate'), eq(auditLog.oggettoTipo, 'impostazioni')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(event.dettagli).toMatchObject({
      titolareNome: { da: '', a: TITOLARE.titolareNome },
      versioneInformativa: `${PRIVACY_NOTICE_VERSION}.1`,
    });
  });

  it('keeps the version when only the company phone changes, bumps it when the retention period changes', async () => {
    const phoneOnly = await put({ ...BLANK, ...TITOLARE, telefonoAziendale: '+39 02 8765 4321' });
    expect(phoneOnly.json().versioneInformativa).toBe(`${PRIVACY_NOTICE_VERSION}.1`);

    const retention = await ctx.app.inject({
      method: 'PUT',
      url: '/api/privacy/settings',
      headers: { cookie: admin },
      payload: { conservazioneLeadMesi: 12 },
    });
    expect(retention.statusCode).toBe(200);
    expect(await informativa()).toMatchObject({
      conservazioneLeadMesi: 12,
      versione: `${PRIVACY_NOTICE_VERSION}.2`,
    });
    // Back to blank phone for the tests below.
    await put({ ...BLANK, ...TITOLARE });
  });

  it('records the current notice version with each consent', async () => {
    const { punto } = await puntoSenzaTelefoni();
    const { versione } = await informativa();
    const res = await submitAt(punto.id);
    const [consenso] = await ctx.db
      .select()
      .from(consensi)
      .where(eq(consensi.praticaId, res.json().praticaId));
    expect(consenso.versioneInformativa).toBe(versione);
    expect(versione).not.toBe(PRIVACY_NOTICE_VERSION);
  });
});

describe('no made-up phone reaches a customer', () => {
  it('without any phone: the landing gives none, the e-mail says we call and links the notice', async () => {
    const { punto } = await puntoSenzaTelefoni();
    expect((await landing(punto.landingCode)).consultant).toEqual({ nome: 'Ada Senza', telefono: null });

    await submitAt(punto.id);
    const [mail] = await ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.tipo, 'lead_conferma'))
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    expect(mail.testo).not.toContain('Telefono del consulente');
    expect(mail.testo).not.toContain('0000 0000');
    expect(mail.testo).toContain(landingMsg.noPhone);
    expect(mail.testo).toContain(paths.informativa(punto.landingCode));
  });

  it('with a company phone: the landing and the e-mail give it, and the lists stop warning', async () => {
    const { punto, agente } = await puntoSenzaTelefoni();
    const listed = async () => {
      const punti = await ctx.app.inject({
        method: 'GET',
        url: `/api/punti-fisici?q=${encodeURIComponent(punto.nomeAttivita)}`,
        headers: { cookie: admin },
      });
      const utenti = await ctx.app.inject({
        method: 'GET',
        url: `/api/users?q=${encodeURIComponent(agente.email)}`,
        headers: { cookie: admin },
      });
      return {
        punto: punti.json().items.find((p: { id: number }) => p.id === punto.id).clienteSenzaTelefono,
        utente: utenti.json().items.find((u: { id: number }) => u.id === agente.id).clienteSenzaTelefono,
      };
    };
    expect(await listed()).toEqual({ punto: true, utente: true });

    await put({ ...BLANK, ...TITOLARE, telefonoAziendale: '+39 02 8765 4321' });
    expect((await landing(punto.landingCode)).consultant.telefono).toBe('+39 02 8765 4321');
    expect(await listed()).toEqual({ punto: false, utente: false });
    await put({ ...BLANK, ...TITOLARE });
  });

  it('does not warn when someone at the point has a phone', async () => {
    const responsabile = await insertUser(ctx.db, { role: 'punto_fisico', phone: '3401112222' });
    const agente = await insertUser(ctx.db, { role: 'agente', phone: '' });
    const punto = await insertPuntoFisico(ctx.db, {
      utenteResponsabileId: responsabile.id,
      agenteId: agente.id,
    });
    expect((await landing(punto.landingCode)).consultant.telefono).toBe('3401112222');
    const punti = await ctx.app.inject({
      method: 'GET',
      url: `/api/punti-fisici?q=${encodeURIComponent(punto.nomeAttivita)}`,
      headers: { cookie: admin },
    });
    expect(punti.json().items[0].clienteSenzaTelefono).toBe(false);
  });
});
