import { and, eq, ne } from 'drizzle-orm';
import { fillMessage, msg } from '#shared/messages.ts';
import {
  campiMancanti,
  campoLabel,
  CAMPI_SCHEDA,
  isSchedaCompleta,
  type CampoScheda,
} from '#shared/scheda-contratto.ts';
import { schedaIssues, type Scheda, type SchedaResponse } from '#shared/schemas/scheda.ts';
import { hasFixedCommission, servizioLabel } from '#shared/servizi-catalogo.ts';
import { romeDateKey } from '#shared/time.ts';
import type { Database, DbExecutor } from '#server/db/client.ts';
import { leads, pratiche, praticheEventi, schedeContratto, servizi } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Actor } from '#server/lib/actor.ts';
import { praticheScope } from '#server/modules/punti-fisici/scope.ts';

type SchedaDati = Record<string, string | boolean>;

/** The service with its practice, inside the actor's scope: outside it, not found. */
async function servizioInScope(db: DbExecutor, actor: Actor, id: number) {
  const [found] = await db
    .select({
      id: servizi.id,
      tipo: servizi.tipoServizio,
      stato: servizi.stato,
      praticaId: servizi.praticaId,
      indirizzoIp: pratiche.indirizzoIp,
      nome: leads.nome,
      cognome: leads.cognome,
      telefono: leads.telefono,
      email: leads.email,
    })
    .from(servizi)
    .innerJoin(pratiche, eq(pratiche.id, servizi.praticaId))
    .innerJoin(leads, eq(leads.id, pratiche.leadId))
    .where(and(praticheScope(actor), eq(servizi.id, id)));
  if (!found) throw AppError.notFound(msg.scheda.notFound);
  return found;
}

/**
 * A service with no scheda yet starts from its customer's name and contacts, and web/QR as its
 * channel when the practice came from the landing (docs/product/scheda-contratto.md#origine).
 * Nothing is saved until someone saves it.
 */
function startingScheda(found: Awaited<ReturnType<typeof servizioInScope>>): SchedaDati {
  const start: SchedaDati = { intestatarioTipo: 'persona' };
  if (found.nome) start.nome = found.nome;
  if (found.cognome) start.cognome = found.cognome;
  if (found.telefono) start.telefono = found.telefono;
  if (found.email) start.email = found.email;
  if (found.indirizzoIp != null) start.canale = 'web_qr';
  return start;
}

function toResponse(
  servizioId: number,
  tipo: string,
  dati: SchedaDati,
  aggiornataIl: Date | null,
): SchedaResponse {
  return {
    servizioId,
    tipoServizio: tipo,
    scheda: dati,
    completa: isSchedaCompleta(tipo, dati),
    mancanti: campiMancanti(tipo, dati).map((campo) => campoLabel(campo, tipo)),
    aggiornataIl: aggiornataIl?.toISOString() ?? null,
  };
}

/** GET /api/servizi/{id}/scheda. */
export async function getScheda(db: Database, actor: Actor, id: number): Promise<SchedaResponse> {
  const found = await servizioInScope(db, actor, id);
  const [row] = await db.select().from(schedeContratto).where(eq(schedeContratto.servizioId, id));
  return toResponse(id, found.tipo, row?.dati ?? startingScheda(found), row?.aggiornataIl ?? null);
}

/** The given fields only, in the form's order: what is stored in `dati`. */
function storedOf(scheda: Scheda): SchedaDati {
  const dati: SchedaDati = {};
  for (const campo of CAMPI_SCHEDA) {
    const value = scheda[campo];
    if (value !== undefined) dati[campo] = value;
  }
  return dati;
}

/**
 * PUT /api/servizi/{id}/scheda: the whole scheda replaces the previous one. A field refused by
 * the service's rules answers 400 and changes nothing. The practice's history records who changed
 * which fields, never their values (docs/privacy.md#scheda-contratto). A SEPA payment is the
 * service's RID (docs/product/scheda-contratto.md#rid).
 */
export async function saveScheda(
  db: Database,
  actor: Actor,
  id: number,
  scheda: Scheda,
  now: Date,
): Promise<SchedaResponse> {
  const found = await servizioInScope(db, actor, id);
  const issues = schedaIssues(found.tipo, scheda, romeDateKey(now));
  if (issues.length > 0) throw AppError.badRequest(issues[0].message, 'VALIDATION');
  const dati = storedOf(scheda);

  await db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ dati: schedeContratto.dati })
      .from(schedeContratto)
      .where(eq(schedeContratto.servizioId, id))
      .for('update');
    const before = previous?.dati ?? {};
    const changed = CAMPI_SCHEDA.filter((campo) => before[campo] !== dati[campo]);
    const columns = {
      dati,
      completa: isSchedaCompleta(found.tipo, dati),
      codiceFiscale: (dati.codiceFiscale as string | undefined) ?? null,
      partitaIva: (dati.partitaIva as string | undefined) ?? null,
      pod: (dati.pod as string | undefined) ?? null,
      pdr: (dati.pdr as string | undefined) ?? null,
      aggiornataDa: actor.id,
      aggiornataIl: now,
    };
    await tx
      .insert(schedeContratto)
      .values({ servizioId: id, praticaId: found.praticaId, ...columns })
      .onConflictDoUpdate({ target: schedeContratto.servizioId, set: columns });
    // The RID follows the payment chosen; a completed service keeps the RID its commission was
    // computed with until it is completed again (docs/product/scheda-contratto.md#rid).
    if (dati.pagamento !== undefined && hasFixedCommission(found.tipo))
      await tx
        .update(servizi)
        .set({ ridPresente: dati.pagamento === 'sepa' })
        .where(and(eq(servizi.id, id), ne(servizi.stato, 'completato')));
    if (changed.length > 0) await recordChange(tx, actor, found.praticaId, found.tipo, changed);
  });
  return toResponse(id, found.tipo, dati, now);
}

async function recordChange(
  tx: DbExecutor,
  actor: Actor,
  praticaId: number,
  tipo: string,
  changed: CampoScheda[],
) {
  await tx.insert(praticheEventi).values({
    praticaId,
    userId: actor.id,
    utenteNome: `${actor.firstName} ${actor.lastName}`.trim() || actor.email,
    tipo: 'scheda_modificata',
    descrizione: fillMessage(msg.scheda.evento, {
      servizio: servizioLabel(tipo),
      campi: changed.map((campo) => campoLabel(campo, tipo)).join(', '),
    }),
  });
}

/** The RID a completion records: the scheda's payment when it names one, else what was sent. */
export async function ridDellaScheda(db: DbExecutor, servizioId: number): Promise<boolean | undefined> {
  const [row] = await db
    .select({ dati: schedeContratto.dati })
    .from(schedeContratto)
    .where(eq(schedeContratto.servizioId, servizioId));
  const pagamento = row?.dati.pagamento;
  return pagamento === undefined ? undefined : pagamento === 'sepa';
}
