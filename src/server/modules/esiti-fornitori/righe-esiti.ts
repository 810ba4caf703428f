import { sql } from 'drizzle-orm';
import type { EsitoPostAttivazione } from '#shared/commissioni/maturazione.ts';
import type { ServizioStato, ServizioTipo } from '#shared/domain.ts';
import {
  ESITO_AZIONE_TARGET,
  normalizeEsitoValore,
  parseEsitoData,
  type EsitoIdentificativo,
  type EsitoRigaEsito,
  type EsitoTarget,
} from '#shared/esiti-fornitori.ts';
import { msg } from '#shared/messages.ts';
import { servizioLabel } from '#shared/servizi-catalogo.ts';
import type { DbExecutor } from '#server/db/client.ts';
import { intArray } from '#server/db/sql-helpers.ts';
import type { ColonneEsiti } from '#server/modules/esiti-fornitori/mappatura.ts';
import { controllaEsitoPostAttivazione } from '#server/modules/maturazione/esiti.service.ts';
import { abbinaServizi, type ChiaveServizio } from '#server/modules/servizi/abbina-servizi.ts';

/**
 * One batch of an outcome file checked against the database as it is now
 * (docs/product/fornitori-esiti.md#anteprima): each row read with the mapping, matched to a
 * service of the supplier, and the change it asks for judged against that service's state.
 */

const m = msg.esitiFornitori.motivi;

export interface Fornitore {
  id: number;
  codice: string;
  nome: string;
}

export interface RigaFile {
  riga: number;
  valori: string[];
}

export interface RigaControllata {
  riga: number;
  esito: EsitoRigaEsito;
  servizioId: number | null;
  motivo: string | null;
  target: EsitoTarget | null;
  /** The outcome's date (yyyy-mm-dd): the history note's, and an outcome after activation's day. */
  data: string | null;
}

export interface StatoServizio {
  stato: ServizioStato;
  koMotivazione: string | null;
  tipo: ServizioTipo;
  /** Completed with a commission already paid: undoing it would claw money back. */
  pagata: boolean;
  /** The commission configuration of this supplier and type exists. */
  configurata: boolean;
  /** The outcome after activation recorded on it, and its day. */
  esitoPostAttivazione: EsitoPostAttivazione | null;
  dataEsito: string | null;
}

/**
 * What an outcome does to a service in this state (docs/product/fornitori-esiti.md#conflitti):
 * nothing when it is already there, a conflict when the service cannot take it, else the change.
 */
export function decidiTransizione(
  s: StatoServizio,
  target: EsitoTarget,
  fornitore: string,
  data: string | null = null,
): { esito: 'da_applicare' | 'gia_aggiornato' } | { esito: 'conflitto'; motivo: string } {
  // An outcome after activation is already there when that outcome of that day is recorded; any
  // other refusal is registraEsitoPostAttivazione's to give (controllaEsitoPostAttivazione).
  if (target.postAttivazione)
    return s.esitoPostAttivazione === target.postAttivazione && s.dataEsito === data
      ? { esito: 'gia_aggiornato' }
      : { esito: 'da_applicare' };
  if (s.stato === target.stato && (target.stato !== 'ko' || s.koMotivazione === target.koMotivazione))
    return { esito: 'gia_aggiornato' };
  if (s.stato === 'completato' && s.pagata && target.stato !== 'completato')
    return { esito: 'conflitto', motivo: m.commissionePagata };
  if (s.stato === 'completato' && target.stato === 'in_lavorazione')
    return { esito: 'conflitto', motivo: m.giaCompletato };
  if (target.stato === 'completato' && !s.configurata)
    return { esito: 'conflitto', motivo: m.senzaConfigurazione(fornitore, servizioLabel(s.tipo)) };
  return { esito: 'da_applicare' };
}

type Letta =
  | { ok: false; riga: number; esito: 'errore' | 'ignorato'; motivo: string | null }
  | { ok: true; riga: number; chiave: ChiaveServizio; target: EsitoTarget; data: string | null };

const asId = (v: string) => (/^\d{1,10}$/.test(v) ? Number(v) : null);

/** One row read with the mapping: its key, its target, its date; or why it cannot be used. */
function leggi(row: RigaFile, c: ColonneEsiti): Letta {
  const cell = (col: number) => (row.valori[col] ?? '').trim();
  const name = (col: number) => c.intestazioni[col];
  const fail = (motivo: string): Letta => ({ ok: false, riga: row.riga, esito: 'errore', motivo });
  const chiave: ChiaveServizio = {};
  for (const [k, col] of Object.entries(c.identificativi) as [EsitoIdentificativo, number][]) {
    const v = cell(col);
    if (!v) continue;
    if (k === 'servizio' || k === 'pratica') {
      const n = asId(v.replace(/^#/, ''));
      if (n == null) return fail(m.numeroNonValido(name(col), v));
      if (k === 'servizio') chiave.servizioId = n;
      else chiave.praticaId = n;
    } else if (k === 'podPdr') chiave.podPdr = v;
    else chiave.codiceFiscale = v;
  }
  if (Object.keys(chiave).length === 0)
    return fail(
      m.nessunaChiave(
        Object.values(c.identificativi)
          .map((col) => `«${name(col)}»`)
          .join(', '),
      ),
    );
  const valore = normalizeEsitoValore(cell(c.esito));
  if (!valore) return fail(m.esitoVuoto(name(c.esito)));
  const azione = c.valori.get(valore);
  if (!azione) return fail(m.valoreNonAbbinato(name(c.esito), valore));
  let data: string | null = null;
  if (c.data != null && cell(c.data)) {
    data = parseEsitoData(cell(c.data));
    if (!data) return fail(m.dataIlleggibile(name(c.data), cell(c.data)));
  }
  const target = ESITO_AZIONE_TARGET[azione];
  if (!target) return { ok: false, riga: row.riga, esito: 'ignorato', motivo: null };
  // Withdrawal window and clawback months are counted from the outcome's day: no day, no outcome.
  if (target.postAttivazione && !data)
    return fail(m.dataRichiesta(valore, c.data == null ? null : name(c.data)));
  return { ok: true, riga: row.riga, chiave, target, data };
}

type StatoRow = {
  id: number;
  stato: ServizioStato;
  ko_motivazione: string | null;
  tipo_servizio: ServizioTipo;
  esito_post_attivazione: EsitoPostAttivazione | null;
  data_esito: string | Date | null;
  pagata: boolean;
  configurata: boolean;
};

/** The states of these services as the transition rule needs them, in one query. */
async function statiServizi(db: DbExecutor, fornitoreId: number, ids: number[]) {
  const rows = await db.execute<StatoRow>(sql`
    select s.id, s.stato, s.ko_motivazione, s.tipo_servizio, s.esito_post_attivazione,
      to_char(s.data_esito, 'YYYY-MM-DD') as data_esito,
      exists (
        select 1 from commissioni c
        where c.servizio_id = s.id and c.stato_pagamento = 'pagato' and c.storno_of_id is null
          and not exists (select 1 from commissioni st where st.storno_of_id = c.id)
      ) as pagata,
      exists (
        select 1 from commissioni_fornitori cf
        where cf.fornitore_id = ${fornitoreId} and cf.servizio = s.tipo_servizio
      ) as configurata
    from servizi s where s.id = any(${intArray(ids)})`);
  return new Map<number, StatoServizio>(
    (rows as { rows: StatoRow[] }).rows.map((r) => [
      Number(r.id),
      {
        stato: r.stato,
        koMotivazione: r.ko_motivazione,
        tipo: r.tipo_servizio,
        pagata: r.pagata,
        configurata: r.configurata,
        esitoPostAttivazione: r.esito_post_attivazione,
        dataEsito: r.data_esito == null ? null : String(r.data_esito),
      },
    ]),
  );
}

export async function controllaRighe(
  db: DbExecutor,
  fornitore: Fornitore,
  tipoServizio: ServizioTipo | null,
  colonne: ColonneEsiti,
  rows: RigaFile[],
): Promise<RigaControllata[]> {
  const lette = rows.map((r) => leggi(r, colonne));
  const valide = lette.filter((l) => l.ok);
  const abbinamenti = await abbinaServizi(
    db,
    fornitore.id,
    valide.map((l) => l.chiave),
    tipoServizio ?? undefined,
  );
  const trovati = abbinamenti.flatMap((a) => (a.esito === 'trovato' ? [a.servizioId] : []));
  const stati = trovati.length
    ? await statiServizi(db, fornitore.id, trovati)
    : new Map<number, StatoServizio>();
  const byRiga = new Map(valide.map((l, i) => [l.riga, abbinamenti[i]]));
  const checked = lette.map((l): RigaControllata => {
    if (!l.ok)
      return { riga: l.riga, esito: l.esito, servizioId: null, motivo: l.motivo, target: null, data: null };
    const base = { riga: l.riga, target: l.target, data: l.data };
    const a = byRiga.get(l.riga)!;
    if (a.esito === 'non_trovato')
      return { ...base, esito: 'non_trovato', servizioId: null, motivo: m.nonTrovato };
    if (a.esito === 'ambiguo')
      return { ...base, esito: 'ambiguo', servizioId: null, motivo: m.ambiguo(a.servizioIds.join(', ')) };
    const decision = decidiTransizione(stati.get(a.servizioId)!, l.target, fornitore.nome, l.data);
    return {
      ...base,
      esito: decision.esito,
      servizioId: a.servizioId,
      motivo: decision.esito === 'conflitto' ? decision.motivo : null,
    };
  });
  // An outcome after activation is judged by the function that records it: the refusal the
  // manual «Esito dopo l'attivazione» would give (out of window, not completed, …) is a conflict.
  for (const c of checked) {
    const tipo = c.target?.postAttivazione;
    if (c.esito !== 'da_applicare' || !tipo || c.servizioId == null) continue;
    const rifiuto = await controllaEsitoPostAttivazione(db, c.servizioId, { tipo, data: c.data! });
    if (rifiuto) Object.assign(c, { esito: 'conflitto', motivo: m.rifiutato(rifiuto) });
  }
  return checked;
}
