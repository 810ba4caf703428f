import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import {
  calcolaEnasarco,
  calcolaRitenuta,
  CODICE_TRIBUTO_RITENUTE,
  isAgenteEnasarco,
  minimaleTrimestrale,
  scadenzaEnasarco,
  scadenzaRitenute,
  type BaseRitenuta,
} from '#shared/fisco.ts';
import { msg } from '#shared/messages.ts';
import { fromCents } from '#shared/money.ts';
import type { PeriodoEstratto } from '#shared/periodi.ts';
import type { EnasarcoRiepilogo, RitenuteRiepilogo } from '#shared/schemas/fisco.ts';
import { addRomeDays, romeDayStartFromKey } from '#shared/time.ts';
import type { Database } from '#server/db/client.ts';
import { commissioni, profiliFiscali, users } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import { periodoOrThrow } from '#server/modules/estratti-conto/estratti-conto.service.ts';
import {
  fiscoOrThrow,
  imponibilePrecedente,
  inRange,
  sommePerBeneficiario,
} from '#server/modules/fisco/imponibili.ts';

const m = msg.fisco.riepiloghi;

/** The payees' names and fiscal profiles (null fields without one). */
async function profiliOf(db: Database, ids: number[]) {
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            role: users.role,
            tipo: profiliFiscali.tipo,
            regime: profiliFiscali.regime,
            baseRitenuta: profiliFiscali.baseRitenuta,
          })
          .from(users)
          .leftJoin(profiliFiscali, eq(profiliFiscali.userId, users.id))
          .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

const byName = (a: { cognome: string; nome: string }, b: { cognome: string; nome: string }) =>
  a.cognome.localeCompare(b.cognome, 'it') || a.nome.localeCompare(b.nome, 'it');

const periodoOut = (p: PeriodoEstratto) => ({
  key: p.key,
  label: p.label,
  dataInizio: p.dataInizio,
  dataFine: p.dataFine,
});

/**
 * The quarter's Enasarco per agent: the agent's and the principal's share, the principal's top-up
 * to the quarter's minimum, and the due date (docs/product/commissions.md#riepiloghi-per-ladmin).
 */
export async function riepilogoEnasarco(
  db: Database,
  periodoKey: string,
  now = new Date(),
): Promise<EnasarcoRiepilogo> {
  const periodo = periodoOrThrow(periodoKey, now);
  if (periodo.tipo !== 'trimestre') throw AppError.badRequest(m.periodoInvalid);
  const [correnti, precedenti] = await Promise.all([
    sommePerBeneficiario(db, inRange(periodo.dataInizio, periodo.dataFine)),
    imponibilePrecedente(db, periodo),
  ]);
  const ids = [...new Set([...correnti.map((c) => c.id), ...precedenti.keys()])];
  const people = await profiliOf(db, ids);
  const byId = new Map(correnti.map((c) => [c.id, c]));
  const righe: EnasarcoRiepilogo['righe'] = [];
  let senzaProfilo = 0;
  const totali = { quotaAgente: 0, quotaPreponente: 0, integrazioneMinimale: 0, totale: 0 };
  for (const id of ids) {
    const p = people.get(id);
    if (!p) continue;
    const c = byId.get(id);
    if (c && p.role !== c.ruolo) continue;
    const tipo = p.tipo;
    if (!tipo) {
      if (c) senzaProfilo++;
      continue;
    }
    if (!isAgenteEnasarco(tipo)) continue;
    const imponibile = c ? c.lordo + c.storni : 0;
    const e = fiscoOrThrow(() => calcolaEnasarco(tipo, periodo.anno, imponibile, precedenti.get(id) ?? 0))!;
    // The minimum is due for every quarter of a year in which the agent earned commissions.
    const integrazione = Math.max(0, minimaleTrimestrale(tipo, periodo.anno) - e.agente - e.preponente);
    const totale = e.agente + e.preponente + integrazione;
    totali.quotaAgente += e.agente;
    totali.quotaPreponente += e.preponente;
    totali.integrazioneMinimale += integrazione;
    totali.totale += totale;
    righe.push({
      beneficiarioId: id,
      nome: p.firstName,
      cognome: p.lastName,
      tipo: tipo,
      imponibile: fromCents(imponibile),
      imponibileEnasarco: fromCents(e.imponibile),
      massimale: e.massimale == null ? null : fromCents(e.massimale),
      massimaleRaggiunto: e.massimaleRaggiunto,
      quotaAgente: fromCents(e.agente),
      quotaPreponente: fromCents(e.preponente),
      integrazioneMinimale: fromCents(integrazione),
      totale: fromCents(totale),
    });
  }
  righe.sort(byName);
  return {
    periodo: periodoOut(periodo),
    scadenza: scadenzaEnasarco(periodo.anno, periodo.numero),
    righe,
    totali: {
      quotaAgente: fromCents(totali.quotaAgente),
      quotaPreponente: fromCents(totali.quotaPreponente),
      integrazioneMinimale: fromCents(totali.integrazioneMinimale),
      totale: fromCents(totali.totale),
    },
    senzaProfilo,
  };
}

/**
 * The ritenute withheld in a month: on what was paid in that month (commissions marked paid,
 * storni recovered), per payee, to pay with F24 by the 16th of the next month.
 */
export async function riepilogoRitenute(
  db: Database,
  periodoKey: string,
  now = new Date(),
): Promise<RitenuteRiepilogo> {
  const periodo = periodoOrThrow(periodoKey, now);
  if (periodo.tipo !== 'mese') throw AppError.badRequest(m.periodoInvalid);
  const from = romeDayStartFromKey(periodo.dataInizio);
  const to = addRomeDays(romeDayStartFromKey(periodo.dataFine), 1);
  const pagati = await sommePerBeneficiario(db, () =>
    and(
      eq(commissioni.statoPagamento, 'pagato'),
      gte(commissioni.dataPagamento, from),
      lt(commissioni.dataPagamento, to),
    ),
  );
  const people = await profiliOf(
    db,
    pagati.map((r) => r.id),
  );
  const righe: RitenuteRiepilogo['righe'] = [];
  let senzaProfilo = 0;
  let totPagato = 0;
  let totRitenuta = 0;
  for (const r of pagati) {
    const p = people.get(r.id);
    if (!p || p.role !== r.ruolo) continue;
    const { tipo, regime, baseRitenuta } = p;
    if (!tipo || !regime || !baseRitenuta) {
      senzaProfilo++;
      continue;
    }
    const pagato = r.lordo + r.storni;
    const rit = fiscoOrThrow(() =>
      calcolaRitenuta({ tipo, regime, baseRitenuta: baseRitenuta as BaseRitenuta }, periodo.anno, pagato),
    );
    if (!rit) continue;
    totPagato += pagato;
    totRitenuta += rit.importo;
    righe.push({
      beneficiarioId: r.id,
      nome: p.firstName,
      cognome: p.lastName,
      tipo: tipo,
      pagato: fromCents(pagato),
      base: rit.base,
      imponibile: fromCents(rit.imponibile),
      ritenuta: fromCents(rit.importo),
    });
  }
  righe.sort(byName);
  return {
    periodo: periodoOut(periodo),
    scadenza: scadenzaRitenute(periodo.anno, periodo.numero),
    codiceTributo: CODICE_TRIBUTO_RITENUTE,
    righe,
    totali: { pagato: fromCents(totPagato), ritenuta: fromCents(totRitenuta) },
    senzaProfilo,
  };
}
