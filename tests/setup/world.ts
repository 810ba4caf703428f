import type { Role } from '#shared/permissions.ts';
import { insertLead, insertPratica, insertPuntoFisico, insertServizio } from '#test/setup/factories.ts';
import { loginAs, loginAsAdmin, type TestContext } from '#test/setup/test-app.ts';

/**
 * Two shops with their own people, for scope tests: shop A belongs to pfA / agA / amA, shop B to
 * pfB / agB / amB. Each role's "own" point is A, the "other" is B.
 */
export async function buildTwoShopWorld(ctx: TestContext) {
  const admin = await loginAsAdmin(ctx.app);
  const amministrazione = await loginAs(ctx, 'amministrazione');
  const pfA = await loginAs(ctx, 'punto_fisico');
  const agA = await loginAs(ctx, 'agente');
  const amA = await loginAs(ctx, 'area_manager');
  const pfB = await loginAs(ctx, 'punto_fisico');
  const agB = await loginAs(ctx, 'agente');
  const amB = await loginAs(ctx, 'area_manager');
  const puntoA = await insertPuntoFisico(ctx.db, {
    nomeAttivita: 'Bar Centrale Alfa',
    indirizzo: 'Via Garibaldi 10, Torino',
    utenteResponsabileId: pfA.user.id,
    agenteId: agA.user.id,
    areaManagerId: amA.user.id,
  });
  const puntoB = await insertPuntoFisico(ctx.db, {
    nomeAttivita: 'Tabaccheria Beta',
    indirizzo: 'Corso Vittorio 5, Napoli',
    utenteResponsabileId: pfB.user.id,
    agenteId: agB.user.id,
    areaManagerId: amB.user.id,
  });
  const cookies: Record<Role, string> = {
    admin,
    amministrazione: amministrazione.cookie,
    punto_fisico: pfA.cookie,
    agente: agA.cookie,
    area_manager: amA.cookie,
  };
  return { admin, amministrazione, pfA, agA, amA, pfB, agB, amB, puntoA, puntoB, cookies };
}

/** A lead at a point with one practice holding the given services. */
export async function insertLeadWithPratica(
  ctx: TestContext,
  puntoFisicoId: number,
  leadOverrides: Parameters<typeof insertLead>[1] = {},
  tipi: Array<'luce' | 'gas' | 'internet' | 'noleggio'> = ['luce'],
) {
  const lead = await insertLead(ctx.db, { puntoFisicoOriginaleId: puntoFisicoId, ...leadOverrides });
  const pratica = await insertPratica(ctx.db, {
    leadId: lead.id,
    puntoFisicoId,
    indirizzoIp: '203.0.113.7',
    servizi: [],
  });
  const servizi = [];
  for (const tipoServizio of tipi)
    servizi.push(await insertServizio(ctx.db, { praticaId: pratica.id, tipoServizio }));
  return { lead, pratica, servizi };
}

/** The roles that see every point and lead. */
export const UNSCOPED_ROLES: Role[] = ['admin', 'amministrazione'];
/** The roles that see only their own points and leads. */
export const SCOPED_ROLES: Role[] = ['area_manager', 'agente', 'punto_fisico'];
