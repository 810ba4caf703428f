/**
 * A staff member's own data: exported for the person, erased on request
 * (docs/privacy.md#dati-dello-staff). Commissions and tax figures stay, as the law keeps them;
 * what identifies the person goes or is pseudonymised. Admin only.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import { BENEFICIARIO_RUOLI } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { normalizeMoney } from '#shared/money.ts';
import type { Database } from '#server/db/client.ts';
import {
  auditLog,
  commissioni,
  emailOutbox,
  estrattiConto,
  invitiPassword,
  loginChallenges,
  notifichePreferenze,
  profiliFiscali,
  puntiFisici,
  sessions,
  totpRecoveryCodes,
  userTotp,
  users,
} from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Actor } from '#server/lib/actor.ts';
import { recordAudit } from '#server/modules/audit/audit.service.ts';
import { nonZero, PAYEE_COLUMNS } from '#server/modules/commissioni/commissioni.scope.ts';

const m = msg.user.datiPersonali;

async function findUtente(db: Database, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw AppError.notFound(msg.user.notFound);
  return user;
}

const assignedTo = (id: number) =>
  or(
    eq(puntiFisici.utenteResponsabileId, id),
    eq(puntiFisici.agenteId, id),
    eq(puntiFisici.areaManagerId, id),
  );

/**
 * Everything the product holds about one staff member, as JSON: the account, the fiscal profile,
 * the points it works for, its own commissions (its own amount, no customer), its statements and
 * its own actions in the audit log. Nobody else's data. The export is in the audit log.
 */
export async function exportDatiUtente(db: Database, actor: Actor, id: number, ip: string, now = new Date()) {
  const user = await findUtente(db, id);
  const [profilo] = await db.select().from(profiliFiscali).where(eq(profiliFiscali.userId, id));
  const [totp] = await db.select({ userId: userTotp.userId }).from(userTotp).where(eq(userTotp.userId, id));
  const punti = await db
    .select({
      id: puntiFisici.id,
      nomeAttivita: puntiFisici.nomeAttivita,
      indirizzo: puntiFisici.indirizzo,
      responsabile: sql<boolean>`${puntiFisici.utenteResponsabileId} = ${id}`,
      agente: sql<boolean>`coalesce(${puntiFisici.agenteId} = ${id}, false)`,
      areaManager: sql<boolean>`coalesce(${puntiFisici.areaManagerId} = ${id}, false)`,
    })
    .from(puntiFisici)
    .where(assignedTo(id))
    .orderBy(asc(puntiFisici.id));
  const commissioniPerRuolo = await Promise.all(
    BENEFICIARIO_RUOLI.map(async (ruolo) => {
      const { payee, amount } = PAYEE_COLUMNS[ruolo];
      const rows = await db
        .select({
          id: commissioni.id,
          praticaId: commissioni.praticaId,
          servizio: commissioni.tipoServizio,
          dataCompletamento: commissioni.dataCompletamento,
          importo: sql<string>`${amount}::text`,
          statoPagamento: commissioni.statoPagamento,
          dataPagamento: commissioni.dataPagamento,
          stornoDi: commissioni.stornoOfId,
        })
        .from(commissioni)
        .where(and(eq(payee, id), nonZero(amount)))
        .orderBy(asc(commissioni.dataCompletamento), asc(commissioni.id));
      return rows.map((r) => ({ ...r, ruolo, importo: normalizeMoney(r.importo) }));
    }),
  );
  const estratti = await db
    .select({
      anno: estrattiConto.anno,
      numero: estrattiConto.numero,
      periodo: estrattiConto.periodo,
      prodottoIl: estrattiConto.createdAt,
      totali: estrattiConto.totali,
    })
    .from(estrattiConto)
    .where(eq(estrattiConto.beneficiarioId, id))
    .orderBy(asc(estrattiConto.id));
  const azioni = await db
    .select({ tipo: auditLog.tipo, data: auditLog.createdAt, ip: auditLog.ip })
    .from(auditLog)
    .where(eq(auditLog.utenteId, id))
    .orderBy(asc(auditLog.id));
  await recordAudit(db, {
    tipo: 'esportazione_dati_utente',
    who: actor,
    ip,
    oggetto: { tipo: 'utente', id },
  });
  return {
    esportatoIl: now.toISOString(),
    utente: {
      id: user.id,
      nome: user.firstName,
      cognome: user.lastName,
      email: user.email,
      telefono: user.phone,
      ruolo: user.role,
      attivo: user.isActive,
      areaAssegnata: user.areaAssegnata,
      creatoIl: user.createdAt.toISOString(),
      datiCancellatiIl: user.datiCancellatiAt?.toISOString() ?? null,
      secondoFattoreAttivo: Boolean(totp),
    },
    profiloFiscale: profilo
      ? {
          tipo: profilo.tipo,
          partitaIva: profilo.partitaIva,
          regime: profilo.regime,
          baseRitenuta: profilo.baseRitenuta,
          aggiornatoIl: profilo.updatedAt.toISOString(),
        }
      : null,
    puntiFisici: punti,
    commissioni: commissioniPerRuolo.flat(),
    estrattiConto: estratti.map((e) => ({
      numero: `${e.anno}/${String(e.numero).padStart(6, '0')}`,
      periodo: e.periodo,
      prodottoIl: e.prodottoIl.toISOString(),
      totali: e.totali,
    })),
    registroAttivita: azioni.map((a) => ({ tipo: a.tipo, data: a.data.toISOString(), ip: a.ip })),
  };
}

/** The pseudonym an erased staff member keeps: its id only, as every row keeps pointing at it. */
const pseudonimoUtente = (id: number) => ({
  firstName: m.pseudonimoNome,
  lastName: `${m.pseudonimoCognome} #${id}`,
  email: `utente-${id}@cancellato.invalid`,
});

/**
 * Erases a staff member's identifying data in one transaction (docs/privacy.md#dati-dello-staff):
 * name, e-mail and phone become a pseudonym, the account can no longer sign in, the fiscal
 * profile, sessions, second factor, invitations, preferences and e-mails to the person go, and
 * the statements' register names the pseudonym. Commissions (amounts, payee id), the register's
 * numbers and totals, and the audit log (append-only: who did what, as it was) stay. Refused for oneself, for a person still assigned to
 * a point (the point needs its people), and when already erased.
 */
export async function eraseDatiUtente(db: Database, actor: Actor, id: number, ip: string, now = new Date()) {
  if (id === actor.id) throw AppError.conflict(m.selfErase);
  const user = await findUtente(db, id);
  if (user.datiCancellatiAt) throw AppError.conflict(m.already, 'DATI_GIA_CANCELLATI');
  const [point] = await db.select({ id: puntiFisici.id }).from(puntiFisici).where(assignedTo(id)).limit(1);
  if (point) throw AppError.conflict(m.assegnatoAPunto, 'USER_REFERENCED');
  const pseudonimo = pseudonimoUtente(id);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        ...pseudonimo,
        phone: null,
        areaAssegnata: null,
        isActive: false,
        // No password matches a hash in no known format.
        passwordHash: `!cancellato:${randomBytes(16).toString('hex')}`,
        datiCancellatiAt: now,
      })
      .where(eq(users.id, id));
    await tx.delete(profiliFiscali).where(eq(profiliFiscali.userId, id));
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, id));
    await tx.delete(userTotp).where(eq(userTotp.userId, id));
    await tx.delete(loginChallenges).where(eq(loginChallenges.userId, id));
    await tx.delete(invitiPassword).where(eq(invitiPassword.userId, id));
    await tx.delete(notifichePreferenze).where(eq(notifichePreferenze.userId, id));
    await tx
      .delete(emailOutbox)
      .where(or(eq(emailOutbox.userId, id), eq(emailOutbox.destinatario, user.email)));
    await tx
      .update(estrattiConto)
      .set({
        intestatario: sql`jsonb_build_object('nome', ${pseudonimo.firstName}::text, 'cognome', ${pseudonimo.lastName}::text, 'email', '', 'ruolo', ${estrattiConto.intestatario}->'ruolo')`,
      })
      .where(eq(estrattiConto.beneficiarioId, id));
    await recordAudit(tx, {
      tipo: 'cancellazione_dati_utente',
      who: actor,
      ip,
      oggetto: { tipo: 'utente', id },
      dettagli: { ruolo: user.role },
    });
  });
}
