import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  fineRipensamento,
  giorniRipensamento,
  isRipensamentoInTermine,
  mesiInteri,
  quotaStorno,
  stornoQuota,
  type RegolaStorno,
  type StornoDettaglio,
} from '#shared/commissioni/maturazione.ts';
import { fillMessage, msg } from '#shared/messages.ts';
import { formatEuro, fromCents, toCents } from '#shared/money.ts';
import { formatDayKey } from '#shared/periodi.ts';
import {
  esitoPostAttivazioneBodySchema,
  type EsitoPostAttivazioneBody,
  type EsitoPostAttivazioneResult,
} from '#shared/schemas/maturazione.ts';
import { servizioLabel } from '#shared/servizi-catalogo.ts';
import { romeDateKey } from '#shared/time.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { retryOnConflict } from '#server/db/conflicts.ts';
import { commissioni, pratiche, servizi, serviziStorico, users } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Actor } from '#server/lib/actor.ts';
import { maturazioneAlCompletamento } from '#server/modules/maturazione/al-completamento.ts';
import { readPeriodi } from '#server/modules/maturazione/periodi.service.ts';
import { links, type NotificheLinks } from '#server/modules/notifiche/links.ts';
import { enqueueEmails, type OutgoingEmail } from '#server/modules/notifiche/outbox.ts';
import { renderEmail } from '#server/modules/notifiche/templates.ts';
import { praticheScope } from '#server/modules/punti-fisici/scope.ts';
import { loadServizi, updateServizioStatus } from '#server/modules/servizi/servizi.service.ts';

const m = msg.maturazione;
type CommissioneRow = typeof commissioni.$inferSelect;

export interface EsitoOptions {
  /** The day it is recorded (the request's clock). */
  now?: Date;
  /** Where e-mail links point; without it no notice is queued. */
  notifiche?: NotificheLinks;
  /** Kept in the history row: where the outcome came from (a supplier's outcome file, docs/product/fornitori-esiti.md#storico). */
  nota?: string;
}

/** The service's commission that still counts: not a storno, not clawed back yet. */
async function liveCommission(db: Database | Transaction, servizioId: number, lock = false) {
  const query = db
    .select()
    .from(commissioni)
    .where(
      and(
        eq(commissioni.servizioId, servizioId),
        sql`${commissioni.stornoOfId} is null`,
        sql`not exists (select 1 from commissioni s where s.storno_of_id = ${commissioni.id})`,
      ),
    )
    .orderBy(sql`${commissioni.id} desc`)
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row as CommissioneRow | undefined;
}

/**
 * An outcome after activation (docs/product/lifecycle.md#esiti-dopo-lattivazione), by hand or
 * from a supplier's outcome file: the same function for both.
 * - ripensamento inside the window: the service goes KO with reason 'ripensamento' through the
 *   status change, so an unpaid commission is removed and a paid one gets its storno; after the
 *   window it is refused as late (409) and nothing changes.
 * - cessato / moroso: recorded on the completed service; the supplier's clawback rule, as it was
 *   when the commission was computed, decides the storno row (docs/product/commissions.md#regole-di-storno),
 *   and the payees are told through the outbox.
 */
export async function registraEsitoPostAttivazione(
  db: Database,
  actor: Actor,
  servizioId: number,
  input: { tipo: string; data: string },
  options: EsitoOptions = {},
): Promise<EsitoPostAttivazioneResult> {
  const parsed = esitoPostAttivazioneBodySchema.safeParse(input);
  if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0].message, 'VALIDATION');
  const { tipo, data } = parsed.data;
  const now = options.now ?? new Date();

  const [found] = await db
    .select({ s: servizi, indirizzoIp: pratiche.indirizzoIp })
    .from(servizi)
    .innerJoin(pratiche, eq(pratiche.id, servizi.praticaId))
    .where(and(eq(servizi.id, servizioId), praticheScope(actor)));
  if (!found) throw AppError.notFound(msg.servizio.notFound);
  await verificaEsito(db, found, { tipo, data }, now);

  if (tipo === 'ripensamento') {
    const before = await liveCommission(db, servizioId);
    const result = await updateServizioStatus(
      db,
      actor,
      servizioId,
      {
        stato: 'ko',
        koMotivazione: 'ripensamento',
        numeroForniture: undefined,
        bonusPuntoFisico: undefined,
        bonusAgente: undefined,
        bonusAreaManager: undefined,
        totaleVendita: undefined,
      },
      options.notifiche,
      { esito: { tipo, data }, nota: options.nota },
    );
    const [storno] = before
      ? await db.select({ id: commissioni.id }).from(commissioni).where(eq(commissioni.stornoOfId, before.id))
      : [];
    return { effetto: 'annullata', stornoId: storno?.id ?? null, ...result };
  }

  const outcome = await retryOnConflict(() =>
    db.transaction(async (tx) => {
      // The practice first, then the service: in line with every status change of the practice.
      await tx
        .select({ id: pratiche.id })
        .from(pratiche)
        .where(eq(pratiche.id, found.s.praticaId))
        .for('update');
      const [current] = await tx.select().from(servizi).where(eq(servizi.id, servizioId)).for('update');
      if (!current || current.stato !== 'completato')
        throw AppError.conflict(m.nonCompletato, 'NOT_COMPLETED');
      if (current.esitoPostAttivazione)
        throw AppError.conflict(
          fillMessage(m.giaRegistrato, {
            esito: m.esitoLabels[current.esitoPostAttivazione],
            data: formatDayKey(current.dataEsito ?? data),
          }),
          'ESITO_GIA_REGISTRATO',
        );
      const commission = await liveCommission(tx, servizioId, true);
      const attivazione = attivazioneOf(commission, current);
      checkAttivazione(attivazione, data);
      await tx
        .update(servizi)
        .set({ esitoPostAttivazione: tipo, dataEsito: data, dataUltimoAggiornamento: now })
        .where(eq(servizi.id, servizioId));
      await tx.insert(serviziStorico).values({
        servizioId,
        userId: actor.id,
        daStato: 'completato',
        aStato: 'completato',
        motivazione: tipo,
        nota: options.nota ?? null,
        createdAt: now,
      });
      const regola = commission?.regolaStorno ?? null;
      const mesiTrascorsi = mesiInteri(attivazione, data);
      const quota = quotaStorno(regola, mesiTrascorsi);
      if (!commission || !regola || !quota) return { stornoId: null };
      const dettaglio: StornoDettaglio = { motivo: tipo, data, regola, mesiTrascorsi, quota };
      const stornoId = await insertClawback(tx, commission, dettaglio, now);
      if (options.notifiche) await notifyPayees(tx, commission, stornoId, dettaglio, options.notifiche, now);
      return { stornoId };
    }),
  );
  const views = await loadServizi(db, [found.s.praticaId]);
  const [pratica] = await db
    .select({ stato: pratiche.statoPratica })
    .from(pratiche)
    .where(eq(pratiche.id, found.s.praticaId));
  return {
    effetto: outcome.stornoId == null ? 'nessuno_storno' : 'stornata',
    stornoId: outcome.stornoId,
    servizio: views.get(found.s.praticaId)!.find((s) => s.id === servizioId)!,
    statoPratica: pratica.stato,
  };
}

type Trovato = { s: typeof servizi.$inferSelect; indirizzoIp: string | null };

/**
 * The refusals of an outcome after activation, read without changing anything (the transaction
 * of cessato / moroso checks again under its locks): not completed, an outcome already recorded,
 * a future day, a withdrawal outside its window, a day before the contract or the activation.
 */
async function verificaEsito(db: Database, found: Trovato, input: EsitoPostAttivazioneBody, now: Date) {
  const { tipo, data } = input;
  if (found.s.stato !== 'completato') throw AppError.conflict(m.nonCompletato, 'NOT_COMPLETED');
  if (found.s.esitoPostAttivazione && found.s.dataEsito)
    throw AppError.conflict(
      fillMessage(m.giaRegistrato, {
        esito: m.esitoLabels[found.s.esitoPostAttivazione],
        data: formatDayKey(found.s.dataEsito),
      }),
      'ESITO_GIA_REGISTRATO',
    );
  if (data > romeDateKey(now)) throw AppError.badRequest(m.dataFutura, 'VALIDATION');
  if (tipo === 'ripensamento') {
    const window = await windowOf(db, found.s, found.indirizzoIp != null);
    if (data < window.dataContratto)
      throw AppError.badRequest(
        fillMessage(m.dataPrimaContratto, { data: formatDayKey(window.dataContratto) }),
        'VALIDATION',
      );
    if (!isRipensamentoInTermine(window.fine, data))
      throw AppError.conflict(
        fillMessage(m.ripensamentoTardivo, { data: formatDayKey(window.fine) }),
        'RIPENSAMENTO_TARDIVO',
      );
  } else checkAttivazione(attivazioneOf(await liveCommission(db, found.s.id), found.s), data);
}

/**
 * Whether an outcome after activation would be taken now, nothing written: the refusal's Italian
 * message, or null. The preview of a supplier's outcome file asks it of each row
 * (docs/product/fornitori-esiti.md#conflitti); the apply then calls registraEsitoPostAttivazione.
 */
export async function controllaEsitoPostAttivazione(
  db: Database,
  servizioId: number,
  input: EsitoPostAttivazioneBody,
  now = new Date(),
): Promise<string | null> {
  const [found] = await db
    .select({ s: servizi, indirizzoIp: pratiche.indirizzoIp })
    .from(servizi)
    .innerJoin(pratiche, eq(pratiche.id, servizi.praticaId))
    .where(eq(servizi.id, servizioId));
  if (!found) return msg.servizio.notFound;
  try {
    await verificaEsito(db, found, input, now);
    return null;
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) return error.message;
    throw error;
  }
}

/** The day a service was activated: its live commission's, else its last change. */
function attivazioneOf(commission: CommissioneRow | undefined, s: typeof servizi.$inferSelect): string {
  return romeDateKey(commission?.dataCompletamento ?? s.dataUltimoAggiornamento);
}

function checkAttivazione(attivazione: string, data: string) {
  if (data < attivazione)
    throw AppError.badRequest(
      fillMessage(m.dataPrimaAttivazione, { data: formatDayKey(attivazione) }),
      'VALIDATION',
    );
}

/**
 * The withdrawal window of a completed service: its commission's, else the one a completion
 * would record now (a commission removed by hand, or one from before windows were recorded).
 */
async function windowOf(db: Database, s: typeof servizi.$inferSelect, isLanding: boolean) {
  const commission = await liveCommission(db, s.id);
  if (commission?.dataContratto && commission.fineRipensamento)
    return { dataContratto: commission.dataContratto, fine: commission.fineRipensamento };
  if (commission) {
    const dataContratto = romeDateKey(commission.dataCompletamento);
    return {
      dataContratto,
      fine: fineRipensamento(dataContratto, giorniRipensamento(await readPeriodi(db), null)),
    };
  }
  const w = await maturazioneAlCompletamento(db, {
    servizioId: s.id,
    fornitoreId: s.fornitoreId ?? 0,
    tipoServizio: s.tipoServizio,
    isLanding,
    now: s.dataUltimoAggiornamento,
  });
  return { dataContratto: w.dataContratto, fine: w.fineRipensamento };
}

/** The clawback row: each amount (and bonus) times the rule's share, negated, to be recovered. */
async function insertClawback(
  tx: Transaction,
  row: CommissioneRow,
  dettaglio: StornoDettaglio,
  now: Date,
): Promise<number> {
  const quota = dettaglio.quota!;
  const share = (value: string) => fromCents(stornoQuota(toCents(value), quota));
  const bonus = row.bonusApplicati;
  const [storno] = await tx
    .insert(commissioni)
    .values({
      praticaId: row.praticaId,
      servizioId: row.servizioId,
      tipoServizio: row.tipoServizio,
      fornitoreId: row.fornitoreId,
      customerName: row.customerName,
      puntoFisicoId: row.puntoFisicoId,
      payeePuntoFisicoId: row.payeePuntoFisicoId,
      payeeAgenteId: row.payeeAgenteId,
      payeeAreaManagerId: row.payeeAreaManagerId,
      unitaBase: row.unitaBase,
      unitaAggiuntive: row.unitaAggiuntive,
      importoPuntoFisico: share(row.importoPuntoFisico),
      importoAgente: share(row.importoAgente),
      importoAreaManager: share(row.importoAreaManager),
      importoAmministrazione: share(row.importoAmministrazione),
      hasBonus: row.hasBonus,
      bonusApplicati: bonus
        ? {
            puntoFisico: share(bonus.puntoFisico),
            agente: share(bonus.agente),
            areaManager: share(bonus.areaManager),
          }
        : null,
      statoPagamento: 'non_pagato',
      notePagamento: fillMessage(m.stornoNota, {
        id: row.id,
        motivo: m.esitoLabels[dettaglio.motivo],
        data: formatDayKey(dettaglio.data),
      }),
      dataCompletamento: now,
      stornoOfId: row.id,
      stornoDettaglio: dettaglio,
    })
    .returning({ id: commissioni.id });
  return storno.id;
}

/** The rule in words, as the screen and the e-mail say it. */
export function regolaText(regola: RegolaStorno, quota: { num: number; den: number }): string {
  const text = fillMessage(regola.modo === 'intero' ? m.regolaIntero : m.regolaProporzionale, {
    mesi: regola.mesi,
  });
  return fillMessage(m.regolaApplicata, { regola: text, num: quota.num, den: quota.den });
}

/** Each active payee with a non-zero share hears of it, with their own amount only. */
async function notifyPayees(
  tx: Transaction,
  row: CommissioneRow,
  stornoId: number,
  dettaglio: StornoDettaglio,
  base: NotificheLinks,
  now: Date,
) {
  const payees = [
    { id: row.payeePuntoFisicoId, importo: row.importoPuntoFisico },
    { id: row.payeeAgenteId, importo: row.importoAgente },
    { id: row.payeeAreaManagerId, importo: row.importoAreaManager },
  ].filter((p): p is { id: number; importo: string } => p.id != null && toCents(p.importo) !== 0);
  if (payees.length === 0) return;
  const people = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName, isActive: users.isActive })
    .from(users)
    .where(
      inArray(
        users.id,
        payees.map((p) => p.id),
      ),
    );
  const servizio = servizioLabel(row.tipoServizio);
  const esito = m.esitoLabels[dettaglio.motivo].toLowerCase();
  const emails: OutgoingEmail[] = [];
  for (const payee of payees) {
    const person = people.find((p) => p.id === payee.id);
    if (!person?.isActive || emails.some((e) => e.userId === person.id)) continue;
    const importo = fromCents(stornoQuota(toCents(payee.importo), dettaglio.quota!));
    emails.push({
      tipo: 'commissione_stornata',
      destinatario: person.email,
      userId: person.id,
      praticaId: row.praticaId,
      dedupeKey: `commissione_stornata:${stornoId}:u${person.id}`,
      ...stornoEmail({
        nome: person.firstName,
        servizio,
        cliente: row.customerName,
        praticaId: row.praticaId,
        esito,
        data: formatDayKey(dettaglio.data),
        importo,
        regola: regolaText(dettaglio.regola!, dettaglio.quota!),
        commissioniUrl: links(base).commissioni(),
      }),
    });
  }
  await enqueueEmails(tx, emails, now);
}

function stornoEmail(input: {
  nome: string;
  servizio: string;
  cliente: string;
  praticaId: number;
  esito: string;
  data: string;
  importo: string;
  regola: string;
  commissioniUrl: string;
}) {
  const euro = formatEuro(input.importo);
  return renderEmail({
    oggetto: fillMessage(m.emailOggetto, { servizio: input.servizio, cliente: input.cliente }),
    anteprima: fillMessage(m.emailAnteprima, { importo: euro }),
    blocks: [
      { kind: 'p', text: [fillMessage(m.emailSaluto, { nome: input.nome })] },
      {
        kind: 'p',
        text: [
          fillMessage(m.emailTesto, {
            servizio: input.servizio,
            praticaId: input.praticaId,
            esito: input.esito,
            data: input.data,
          }),
        ],
      },
      {
        kind: 'rows',
        rows: [
          [m.emailCliente, input.cliente],
          [m.emailServizio, input.servizio],
          [m.emailRigaStorno, euro],
          [m.emailRigaRegola, input.regola],
        ],
      },
      { kind: 'button', text: m.emailButton, href: input.commissioniUrl },
    ],
    footer: [m.emailFooter],
  });
}
