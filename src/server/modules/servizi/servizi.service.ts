import { and, asc, eq, inArray, ne, sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CommissionConfigMissingError,
  CommissionInputError,
  computeCommission,
  stornoOf,
} from '#shared/commissioni/engine.ts';
import { fillMessage, msg } from '#shared/messages.ts';
import { fromCents, normalizeMoney, toCents } from '#shared/money.ts';
import { derivePraticaStato } from '#shared/pratica-stato.ts';
import { formatDayKey } from '#shared/periodi.ts';
import { servizioStatusIssues, type Servizio, type ServizioStatusBody } from '#shared/schemas/servizio.ts';
import {
  SERVIZI_A_UNITA,
  hasFixedCommission,
  hasForniture,
  hasPercentCommission,
} from '#shared/servizi-catalogo.ts';
import type { Database, DbExecutor, Transaction } from '#server/db/client.ts';
import { retryOnConflict } from '#server/db/conflicts.ts';
import { intArray } from '#server/db/sql-helpers.ts';
import {
  commissioni,
  commissioniFornitori,
  fornitori,
  leads,
  pratiche,
  puntiFisici,
  servizi,
  serviziStorico,
  users,
} from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Actor } from '#server/lib/actor.ts';
import { configFromRow } from '#server/modules/commissioni/commissioni.service.ts';
import type { NotificheLinks } from '#server/modules/notifiche/links.ts';
import { enqueueEsitoServizio } from '#server/modules/notifiche/notifiche.service.ts';
import { ridDellaScheda } from '#server/modules/servizi/scheda.service.ts';
import { maturazioneAlCompletamento } from '#server/modules/maturazione/al-completamento.ts';

type ServizioRow = typeof servizi.$inferSelect;
type CommissioneRow = typeof commissioni.$inferSelect;

/**
 * The services of these practices with supplier code and status history, oldest first: one
 * query, the histories of all the page's services aggregated in one pass instead of a subquery
 * per service (docs/performance.md#filtri-delle-pratiche). History dates are ISO text to the
 * millisecond, like Date's.
 */
export async function loadServizi(db: DbExecutor, praticaIds: number[]): Promise<Map<number, Servizio[]>> {
  const byPratica = new Map<number, Servizio[]>();
  if (praticaIds.length === 0) return byPratica;
  const rows = await serviziOfPratiche(db, praticaIds);
  for (const { s, codice, nome, storico: history } of rows) {
    const list = byPratica.get(s.praticaId) ?? [];
    list.push(toServizio(s, codice, nome, history ?? []));
    byPratica.set(s.praticaId, list);
  }
  return byPratica;
}

/** loadServizi's query: the services of these practices, each with its history. */
function serviziOfPratiche(db: DbExecutor, praticaIds: number[]) {
  const ofPratiche = (praticaId: SQLWrapper) => sql`${praticaId} = any(${intArray(praticaIds)})`;
  const pageServizi = alias(servizi, 'pagina_servizi');
  const storico = db
    .select({
      servizioId: serviziStorico.servizioId,
      storico: sql<Servizio['storico']>`json_agg(json_build_object(
        'id', ${serviziStorico.id}, 'daStato', ${serviziStorico.daStato}, 'aStato', ${serviziStorico.aStato},
        'motivazione', ${serviziStorico.motivazione},
        'nota', ${serviziStorico.nota},
        'createdAt', to_char(${serviziStorico.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'utente', ${users.firstName} || ' ' || ${users.lastName}
      ) order by ${serviziStorico.createdAt}, ${serviziStorico.id})`.as('storico'),
    })
    .from(serviziStorico)
    .leftJoin(users, eq(users.id, serviziStorico.userId))
    .where(
      inArray(
        serviziStorico.servizioId,
        db.select({ id: pageServizi.id }).from(pageServizi).where(ofPratiche(pageServizi.praticaId)),
      ),
    )
    .groupBy(serviziStorico.servizioId)
    .as('storico');
  return db
    .select({ s: servizi, codice: fornitori.codice, nome: fornitori.nome, storico: storico.storico })
    .from(servizi)
    .leftJoin(fornitori, eq(fornitori.id, servizi.fornitoreId))
    .leftJoin(storico, eq(storico.servizioId, servizi.id))
    .where(ofPratiche(servizi.praticaId))
    .orderBy(asc(servizi.id));
}

function toServizio(
  s: ServizioRow,
  codice: string | null,
  nome: string | null,
  storico: Servizio['storico'],
): Servizio {
  return {
    id: s.id,
    praticaId: s.praticaId,
    tipoServizio: s.tipoServizio,
    stato: s.stato,
    koMotivazione: s.koMotivazione,
    fornitore: codice,
    fornitoreNome: nome,
    ridPresente: s.ridPresente,
    numeroForniture: s.numeroForniture,
    bonusPuntoFisico: normalizeMoney(s.bonusPuntoFisico),
    bonusAgente: normalizeMoney(s.bonusAgente),
    bonusAreaManager: normalizeMoney(s.bonusAreaManager),
    totaleVendita: s.totaleVendita == null ? null : normalizeMoney(s.totaleVendita),
    dataCreazione: s.dataCreazione.toISOString(),
    dataUltimoAggiornamento: s.dataUltimoAggiornamento.toISOString(),
    storico,
    esito: s.esitoPostAttivazione && s.dataEsito ? { tipo: s.esitoPostAttivazione, data: s.dataEsito } : null,
  };
}

/** The commission rows of a service that still count: not a storno, and not yet clawed back. */
async function liveCommissions(tx: Transaction, servizioId: number): Promise<CommissioneRow[]> {
  return tx
    .select()
    .from(commissioni)
    .where(
      and(
        eq(commissioni.servizioId, servizioId),
        sql`${commissioni.stornoOfId} is null`,
        sql`not exists (select 1 from commissioni s where s.storno_of_id = ${commissioni.id})`,
      ),
    )
    .for('update');
}

/**
 * A service leaving 'completato' loses its unpaid commission (docs/product/commissions.md#storni); a paid one is never
 * deleted but clawed back by a storno row with the amounts negated, to be recovered at the next payout.
 */
async function withdrawCommissions(
  tx: Transaction,
  servizioId: number,
  now: Date,
  /** A withdrawal (ripensamento): its storno says so (docs/product/commissions.md#ripensamento). */
  esito?: { tipo: 'ripensamento'; data: string },
) {
  for (const row of await liveCommissions(tx, servizioId)) {
    if (row.statoPagamento !== 'pagato') {
      await tx.delete(commissioni).where(eq(commissioni.id, row.id));
      continue;
    }
    const negated = stornoOf({
      importoPuntoFisico: toCents(row.importoPuntoFisico),
      importoAgente: toCents(row.importoAgente),
      importoAreaManager: toCents(row.importoAreaManager),
      importoAmministrazione: toCents(row.importoAmministrazione),
    });
    const bonus = row.bonusApplicati;
    await tx.insert(commissioni).values({
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
      importoPuntoFisico: fromCents(negated.importoPuntoFisico),
      importoAgente: fromCents(negated.importoAgente),
      importoAreaManager: fromCents(negated.importoAreaManager),
      importoAmministrazione: fromCents(negated.importoAmministrazione),
      hasBonus: row.hasBonus,
      bonusApplicati: bonus
        ? {
            puntoFisico: fromCents(0 - toCents(bonus.puntoFisico)),
            agente: fromCents(0 - toCents(bonus.agente)),
            areaManager: fromCents(0 - toCents(bonus.areaManager)),
          }
        : null,
      statoPagamento: 'non_pagato',
      notePagamento: esito
        ? fillMessage(msg.maturazione.stornoNota, {
            id: row.id,
            motivo: msg.maturazione.esitoLabels[esito.tipo],
            data: formatDayKey(esito.data),
          })
        : `Storno della commissione #${row.id}`,
      dataCompletamento: now,
      stornoOfId: row.id,
      stornoDettaglio: esito ? { motivo: esito.tipo, data: esito.data } : null,
    });
  }
}

function badRequest(issues: { message: string }[]) {
  return AppError.badRequest(issues[0].message, 'VALIDATION');
}

/**
 * PUT /api/servizi/{id}/status. The status, the commission rows (created, removed, or storno)
 * and the history row are written in one transaction. The practice row and then the service row
 * are locked (SELECT … FOR UPDATE) so that concurrent changes to one practice run one after the
 * other: each sees the state the previous one committed, and the base unit is counted once.
 */
export async function updateServizioStatus(
  db: Database,
  actor: Actor,
  id: number,
  body: ServizioStatusBody,
  /** Where e-mail links point; without it no notice is queued (the demo seed's history). */
  notifiche?: NotificheLinks,
  /**
   * Where the change came from: `nota` is kept in the history (a supplier's outcome file,
   * docs/product/fornitori-esiti.md#storico; a batch's 'inviata al fornitore, lotto N'); `esito` a
   * withdrawal recorded as an outcome, its window already checked
   * (docs/product/lifecycle.md#esiti-dopo-lattivazione).
   */
  origine: { nota?: string; esito?: { tipo: 'ripensamento'; data: string } } = {},
): Promise<{ servizio: Servizio; statoPratica: string }> {
  const [found] = await db
    .select({ praticaId: servizi.praticaId, tipo: servizi.tipoServizio })
    .from(servizi)
    .where(eq(servizi.id, id));
  if (!found) throw AppError.notFound(msg.servizio.notFound);
  const { nota, esito } = origine;
  const issues = servizioStatusIssues(found.tipo, body, esito != null);
  if (issues.length > 0) throw badRequest(issues);

  const change = async (tx: Transaction) => {
    const [pratica] = await tx.select().from(pratiche).where(eq(pratiche.id, found.praticaId)).for('update');
    const [current] = await tx.select().from(servizi).where(eq(servizi.id, id)).for('update');
    if (!pratica || !current) throw AppError.notFound(msg.servizio.notFound);
    const tipo = current.tipoServizio;
    const now = new Date();

    let completion: {
      fornitoreId: number;
      ridPresente: boolean;
      numeroForniture: number;
      bonusPuntoFisico: string;
      bonusAgente: string;
      bonusAreaManager: string;
      totaleVendita: string | null;
    } | null = null;
    let newCommission: typeof commissioni.$inferInsert | null = null;
    let fornitoreNome: string | null = null;
    if (body.stato === 'completato') {
      const [fornitore] = await tx
        .select()
        .from(fornitori)
        .where(eq(fornitori.codice, body.fornitore!.toUpperCase()));
      if (!fornitore) throw AppError.badRequest(msg.servizio.supplierNotFound, 'VALIDATION');
      fornitoreNome = fornitore.nome;
      if (!fornitore.isActive)
        throw AppError.badRequest(
          fillMessage(msg.servizio.supplierInactive, { nome: fornitore.nome }),
          'VALIDATION',
        );
      if (!fornitore.serviziSupportati.includes(tipo)) {
        throw AppError.badRequest(
          fillMessage(msg.servizio.supplierDoesNotOffer, { nome: fornitore.nome, servizio: tipo }),
          'VALIDATION',
        );
      }
      const isRental = hasPercentCommission(tipo);
      completion = {
        fornitoreId: fornitore.id,
        // A scheda that names its payment decides the RID (docs/product/scheda-contratto.md#rid).
        ridPresente: hasFixedCommission(tipo)
          ? ((await ridDellaScheda(tx, current.id)) ?? body.ridPresente ?? false)
          : false,
        numeroForniture: hasForniture(tipo) ? (body.numeroForniture ?? 1) : 1,
        bonusPuntoFisico: body.bonusPuntoFisico ?? '0',
        bonusAgente: body.bonusAgente ?? '0',
        bonusAreaManager: body.bonusAreaManager ?? '0',
        totaleVendita: isRental ? body.totaleVendita! : null,
      };

      const [configRow] = await tx
        .select()
        .from(commissioniFornitori)
        .where(
          and(eq(commissioniFornitori.fornitoreId, fornitore.id), eq(commissioniFornitori.servizio, tipo)),
        );
      const [point] = pratica.puntoFisicoId
        ? await tx.select().from(puntiFisici).where(eq(puntiFisici.id, pratica.puntoFisicoId))
        : [];
      // The first unit completed in the practice is the base unit; rentals are outside the count.
      // See docs/product/commissions.md#unità
      const [earlier] = await tx
        .select({ id: servizi.id })
        .from(servizi)
        .where(
          and(
            eq(servizi.praticaId, pratica.id),
            ne(servizi.id, current.id),
            eq(servizi.stato, 'completato'),
            inArray(servizi.tipoServizio, SERVIZI_A_UNITA),
          ),
        )
        .limit(1);
      const [lead] = await tx
        .select({ nome: leads.nome, cognome: leads.cognome })
        .from(leads)
        .where(eq(leads.id, pratica.leadId));

      let result;
      try {
        result = computeCommission({
          tipoServizio: tipo,
          fornitore,
          config: configRow ? configFromRow(configRow) : null,
          ridPresente: completion.ridPresente,
          numeroForniture: completion.numeroForniture,
          hasEarlierUnit: Boolean(earlier) && !isRental,
          roles: {
            puntoFisico: Boolean(point),
            agente: Boolean(point?.agenteId),
            areaManager: Boolean(point?.areaManagerId),
          },
          bonus: {
            puntoFisico: toCents(completion.bonusPuntoFisico),
            agente: toCents(completion.bonusAgente),
            areaManager: toCents(completion.bonusAreaManager),
          },
          totaleVendita: isRental ? toCents(body.totaleVendita) : null,
        });
      } catch (error) {
        if (error instanceof CommissionConfigMissingError)
          throw AppError.conflict(error.message, 'COMMISSION_CONFIG_MISSING');
        if (error instanceof CommissionInputError) throw AppError.badRequest(error.message, 'VALIDATION');
        throw error;
      }
      newCommission = {
        praticaId: pratica.id,
        servizioId: current.id,
        tipoServizio: tipo,
        fornitoreId: fornitore.id,
        customerName: lead ? `${lead.nome} ${lead.cognome}`.trim() : '',
        puntoFisicoId: point?.id ?? null,
        payeePuntoFisicoId: point?.utenteResponsabileId ?? null,
        payeeAgenteId: point?.agenteId ?? null,
        payeeAreaManagerId: point?.areaManagerId ?? null,
        unitaBase: result.unitaBase,
        unitaAggiuntive: result.unitaAggiuntive,
        importoPuntoFisico: fromCents(result.importoPuntoFisico),
        importoAgente: fromCents(result.importoAgente),
        importoAreaManager: fromCents(result.importoAreaManager),
        importoAmministrazione: fromCents(result.importoAmministrazione),
        hasBonus: result.hasBonus,
        bonusApplicati: {
          puntoFisico: fromCents(result.bonusApplicati.puntoFisico),
          agente: fromCents(result.bonusApplicati.agente),
          areaManager: fromCents(result.bonusApplicati.areaManager),
        },
        dataCompletamento: now,
        ...(await maturazioneAlCompletamento(tx, {
          servizioId: current.id,
          fornitoreId: fornitore.id,
          tipoServizio: tipo,
          isLanding: pratica.indirizzoIp != null,
          now,
        })),
      };
    }

    // Leaving 'completato', or completing again with new data: the previous commission goes.
    if (current.stato === 'completato') await withdrawCommissions(tx, current.id, now, esito);
    if (newCommission) await tx.insert(commissioni).values(newCommission);

    await tx
      .update(servizi)
      .set({
        ...completion,
        stato: body.stato,
        koMotivazione: body.stato === 'ko' ? body.koMotivazione! : null,
        // Any other change starts the service's life over: no outcome recorded.
        esitoPostAttivazione: esito?.tipo ?? null,
        dataEsito: esito?.data ?? null,
        dataUltimoAggiornamento: now,
      })
      .where(eq(servizi.id, current.id));
    const [storico] = await tx
      .insert(serviziStorico)
      .values({
        servizioId: current.id,
        userId: actor.id,
        daStato: current.stato,
        aStato: body.stato,
        motivazione: body.stato === 'ko' ? body.koMotivazione! : null,
        nota: nota ?? null,
        createdAt: now,
      })
      .returning({ id: serviziStorico.id });

    // Entering 'completato' or 'ko' tells the point's people, in this same transaction
    // (docs/product/notifications.md#esiti). Saving the same status again tells nobody.
    if (notifiche && body.stato !== current.stato && (body.stato === 'completato' || body.stato === 'ko')) {
      const [lead] = await tx
        .select({ nome: leads.nome, cognome: leads.cognome })
        .from(leads)
        .where(eq(leads.id, pratica.leadId));
      if (body.stato === 'ko' && current.fornitoreId != null) {
        const [f] = await tx
          .select({ nome: fornitori.nome })
          .from(fornitori)
          .where(eq(fornitori.id, current.fornitoreId));
        fornitoreNome = f?.nome ?? null;
      }
      await enqueueEsitoServizio(
        tx,
        {
          storicoId: storico.id,
          stato: body.stato,
          praticaId: pratica.id,
          leadId: pratica.leadId,
          puntoFisicoId: pratica.puntoFisicoId,
          tipoServizio: tipo,
          fornitoreNome,
          cliente: { nome: lead?.nome ?? '', cognome: lead?.cognome ?? '' },
          koMotivazione: body.stato === 'ko' ? body.koMotivazione! : null,
          importi: newCommission
            ? {
                puntoFisico: newCommission.importoPuntoFisico,
                agente: newCommission.importoAgente,
                areaManager: newCommission.importoAreaManager,
              }
            : null,
        },
        notifiche,
        now,
      );
    }

    const siblings = await tx
      .select({ stato: servizi.stato })
      .from(servizi)
      .where(eq(servizi.praticaId, pratica.id));
    const stato = derivePraticaStato(siblings.map((s) => s.stato));
    if (stato !== pratica.statoPratica)
      await tx.update(pratiche).set({ statoPratica: stato }).where(eq(pratiche.id, pratica.id));
    return stato;
  };
  // Run again if PostgreSQL aborts it for a deadlock with another change (two changes that write
  // commissions of several days): the second run reads the state the other one committed.
  const statoPratica = await retryOnConflict(() => db.transaction(change));

  const views = await loadServizi(db, [found.praticaId]);
  const servizio = views.get(found.praticaId)!.find((s) => s.id === id)!;
  return { servizio, statoPratica };
}
