import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { EMAIL_STATI, NOTIFICA_TIPI, type NotificaTipo, type ServizioTipo } from '#shared/domain.ts';
import { slotCallTime } from '#shared/calling-hours.ts';
import { msg } from '#shared/messages.ts';
import type { Preferenza, Registro, RegistroQuery } from '#shared/schemas/notifiche.ts';
import type { Database, DbExecutor } from '#server/db/client.ts';
import { emailOutbox, notifichePreferenze, puntiFisici, users } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Actor } from '#server/lib/actor.ts';
import { decodeCursor, keysetPage } from '#server/lib/keyset.ts';
import { boundedTotal } from '#server/modules/punti-fisici/contatori.ts';
import {
  consulenteOf,
  loadPuntoConPersone,
  personaColumns,
  type PuntoConPersone,
  type PuntoPersona,
} from '#server/modules/punti-fisici/persone.ts';
import { callInvitation } from '#server/modules/notifiche/invito.ts';
import { links, type NotificheLinks } from '#server/modules/notifiche/links.ts';
import {
  enqueueEmails,
  NEW_PRATICA_ID,
  type NewPraticaEmail,
  type OutgoingEmail,
} from '#server/modules/notifiche/outbox.ts';
import { explicitChoices, isOffered, roleDefault } from '#server/modules/notifiche/preferenze.ts';
import {
  confermaClienteEmail,
  nuovoLeadEmail,
  servizioCompletatoEmail,
  servizioKoEmail,
} from '#server/modules/notifiche/templates.ts';

const m = msg.notifiche;

const nomeOf = (p: { firstName: string; lastName: string }) => p.firstName.trim() || p.lastName.trim();

const attivo = (p: PuntoPersona | undefined) => (p?.isActive ? p : undefined);

// ---------------------------------------------------------------------------------------------
// Events: written on the event's own transaction
// ---------------------------------------------------------------------------------------------

export interface NuovoLeadEvent {
  leadId: number;
  /** The point with its people and who may hear of its new leads, read together (puntoPerInvio). */
  punto: PuntoConPersone;
  destinatari: NuovoLeadDestinatario[];
  /** The company phone, read with the point: the customer's last resort (docs/product/landing.md#consulente). */
  telefonoAziendale: string | null;
  isExistingLead: boolean;
  cliente: { nome: string; cognome: string; telefono: string; email: string };
  servizi: readonly ServizioTipo[];
  orarioContatto: string | null;
}

/**
 * A landing submission's messages (docs/product/notifications.md#nuovo-lead): the staff who must
 * call the customer back, and the customer's confirmation. Built before the practice is
 * inserted, so they carry no practice id: the submission fills it in (NEW_PRATICA_ID).
 */
export function nuovoLeadEmails(
  event: NuovoLeadEvent,
  base: NotificheLinks,
  now = new Date(),
): NewPraticaEmail[] {
  const { punto } = event;
  const url = links(base);
  const agente = attivo(punto.agente);
  const areaManager = attivo(punto.areaManager);
  const responsabile = attivo(punto.responsabile);

  // Who, and whether by default: the agent; the area manager where there is no agent (they are
  // the consultant then); the responsible person if they chose so, or by default when they are
  // the consultant themselves; admin and amministrazione who opted in.
  const candidates = new Map<number, { persona: PuntoPersona; byDefault: boolean }>();
  if (agente) candidates.set(agente.id, { persona: agente, byDefault: true });
  if (areaManager && !agente) candidates.set(areaManager.id, { persona: areaManager, byDefault: true });
  if (responsabile && !candidates.has(responsabile.id))
    candidates.set(responsabile.id, { persona: responsabile, byDefault: !agente && !areaManager });
  const { office, choices } = recipientsFrom(event.destinatari);
  for (const persona of office)
    if (!candidates.has(persona.id)) candidates.set(persona.id, { persona, byDefault: false });

  // The chosen slot as a calendar invitation, to the staff and to the customer (docs/product/calls.md#calendario).
  const slot = event.orarioContatto ? slotCallTime(event.orarioContatto, now) : null;
  const cliente = `${event.cliente.nome} ${event.cliente.cognome}`.trim();
  const emails: NewPraticaEmail[] = [];
  for (const { persona, byDefault } of candidates.values()) {
    if (!(choices.get(persona.id) ?? byDefault)) continue;
    emails.push({
      tipo: 'lead_nuovo',
      destinatario: persona.email,
      userId: persona.id,
      leadId: event.leadId,
      dedupeKey: `lead_nuovo:${NEW_PRATICA_ID}:u${persona.id}`,
      ...nuovoLeadEmail({
        destinatarioNome: nomeOf(persona),
        cliente: event.cliente,
        nomeAttivita: punto.nomeAttivita,
        servizi: event.servizi,
        orarioContatto: event.orarioContatto,
        isExistingLead: event.isExistingLead,
        leadUrl: url.lead(event.leadId),
        profiloUrl: url.profilo(),
      }),
      allegatoIcs: slot
        ? callInvitation({
            uid: `fascia-lead${event.leadId}-u${persona.id}-${slot.getTime()}@winsolution`,
            start: slot,
            cliente,
            telefono: event.cliente.telefono,
          })
        : null,
    });
  }

  const consulente = consulenteOf(punto, event.telefonoAziendale);
  emails.push({
    tipo: 'lead_conferma',
    destinatario: event.cliente.email,
    leadId: event.leadId,
    dedupeKey: `lead_conferma:${NEW_PRATICA_ID}`,
    ...confermaClienteEmail({
      nome: event.cliente.nome,
      nomeAttivita: punto.nomeAttivita,
      consulente: { nome: consulente.nome, telefono: consulente.telefono },
      servizi: event.servizi,
      orarioContatto: event.orarioContatto,
      informativaUrl: url.informativa(punto.landingCode),
    }),
    allegatoIcs: slot
      ? callInvitation({
          uid: `fascia-lead${event.leadId}-${slot.getTime()}@winsolution`,
          start: slot,
          cliente,
          telefono: consulente.telefono,
          title: msg.chiamate.invito.clienteTitolo(consulente.nome),
          description: msg.chiamate.invito.clienteDescrizione(
            consulente.nome,
            event.orarioContatto!,
            consulente.telefono,
          ),
        })
      : null,
  });
  return emails;
}

const OFFICE_ROLES = ['admin', 'amministrazione'] as const;

/** A person who may hear of a point's new lead, with their explicit choice (null: none made). */
export type NuovoLeadDestinatario = PuntoPersona & { attiva: boolean | null };

/**
 * Who may hear of a new lead at the point of the row it is read with (a column of a read of
 * `punti_fisici`: the submission reads it with the point, in one statement): admin and
 * amministrazione who chose to hear of new leads, and the explicit choice, if any, of each of
 * them and of the point's people.
 */
export function nuovoLeadDestinatari() {
  const persona = Object.entries(personaColumns(users)).map(([key, column]) => sql`${key}::text, ${column}`);
  return sql<NuovoLeadDestinatario[]>`(
    select coalesce(json_agg(json_build_object(${sql.join(persona, sql`, `)}, 'attiva', ${notifichePreferenze.attiva})), '[]'::json)
    from ${users} left join ${notifichePreferenze}
      on ${notifichePreferenze.userId} = ${users.id} and ${notifichePreferenze.tipo} = 'lead_nuovo'
    where (${inArray(users.role, [...OFFICE_ROLES])} and ${users.isActive} and ${notifichePreferenze.attiva})
      or ${users.id} in (${puntiFisici.utenteResponsabileId}, ${puntiFisici.agenteId}, ${puntiFisici.areaManagerId})
  )`;
}

function recipientsFrom(rows: NuovoLeadDestinatario[]) {
  const isOffice = (role: string) => (OFFICE_ROLES as readonly string[]).includes(role);
  return {
    office: rows
      .filter((r) => isOffice(r.role) && r.isActive && r.attiva === true)
      .map(({ attiva: _attiva, ...persona }) => persona),
    // Everyone read, the office included (their choice is what brought them in).
    choices: new Map(rows.filter((r) => r.attiva != null).map((r) => [r.id, r.attiva!])),
  };
}

export interface EsitoServizioEvent {
  /** The history row of the change: one notice per person per change. */
  storicoId: number;
  stato: 'completato' | 'ko';
  praticaId: number;
  leadId: number;
  puntoFisicoId: number | null;
  tipoServizio: ServizioTipo;
  fornitoreNome: string | null;
  cliente: { nome: string; cognome: string };
  koMotivazione: string | null;
  /** The commission just computed, when completed: each person is told their own amount only. */
  importi: { puntoFisico: string; agente: string; areaManager: string } | null;
}

/**
 * A service entered 'completato' or 'ko' (docs/product/notifications.md#esiti): the point's responsible
 * person and its agent, and its area manager if they opted in. Runs on the status transaction.
 */
export async function enqueueEsitoServizio(
  tx: DbExecutor,
  event: EsitoServizioEvent,
  base: NotificheLinks,
  now = new Date(),
): Promise<number> {
  if (event.puntoFisicoId == null) return 0;
  const punto = await loadPuntoConPersone(tx, { id: event.puntoFisicoId });
  if (!punto) return 0;
  const url = links(base);
  const tipo: NotificaTipo = event.stato === 'completato' ? 'servizio_completato' : 'servizio_ko';
  // Each person's own amount, by the role they hold at this point (docs/product/commissions.md).
  const people: Array<{ persona: PuntoPersona; importo: string | undefined }> = [];
  const responsabile = attivo(punto.responsabile);
  const agente = attivo(punto.agente);
  const areaManager = attivo(punto.areaManager);
  if (responsabile) people.push({ persona: responsabile, importo: event.importi?.puntoFisico });
  if (agente && agente.id !== responsabile?.id)
    people.push({ persona: agente, importo: event.importi?.agente });
  if (areaManager && !people.some((p) => p.persona.id === areaManager.id))
    people.push({ persona: areaManager, importo: event.importi?.areaManager });

  const choices = await explicitChoices(
    tx,
    people.map((p) => p.persona.id),
    tipo,
  );
  const emails: OutgoingEmail[] = [];
  for (const { persona, importo } of people) {
    if (!isOffered(persona.role, tipo)) continue;
    if (!(choices.get(persona.id) ?? roleDefault(persona.role, tipo))) continue;
    const common = {
      destinatarioNome: nomeOf(persona),
      cliente: event.cliente,
      nomeAttivita: punto.nomeAttivita,
      praticaId: event.praticaId,
      tipoServizio: event.tipoServizio,
      fornitoreNome: event.fornitoreNome,
      profiloUrl: url.profilo(),
    };
    const rendered =
      event.stato === 'completato'
        ? servizioCompletatoEmail({
            ...common,
            importo: importo ?? '0.00',
            commissioniUrl: url.commissioni(),
          })
        : servizioKoEmail({
            ...common,
            motivazione: event.koMotivazione ?? '',
            leadUrl: url.lead(event.leadId),
          });
    emails.push({
      tipo,
      destinatario: persona.email,
      userId: persona.id,
      leadId: event.leadId,
      praticaId: event.praticaId,
      dedupeKey: `${tipo}:${event.storicoId}:u${persona.id}`,
      ...rendered,
    });
  }
  return enqueueEmails(tx, emails, now);
}

// ---------------------------------------------------------------------------------------------
// Preferences: GET and PUT /api/notifiche/preferenze
// ---------------------------------------------------------------------------------------------

/**
 * The default of new leads for a point's responsible person: on when one of their active points
 * has neither an active agent nor an active area manager, since they are its consultant.
 */
async function isConsulenteSomewhere(db: DbExecutor, userId: number): Promise<boolean> {
  const agente = alias(users, 'agente');
  const areaManager = alias(users, 'area_manager');
  const [row] = await db
    .select({ id: puntiFisici.id })
    .from(puntiFisici)
    .leftJoin(agente, and(eq(agente.id, puntiFisici.agenteId), eq(agente.isActive, true)))
    .leftJoin(areaManager, and(eq(areaManager.id, puntiFisici.areaManagerId), eq(areaManager.isActive, true)))
    .where(
      and(
        eq(puntiFisici.utenteResponsabileId, userId),
        eq(puntiFisici.isActive, true),
        isNull(agente.id),
        isNull(areaManager.id),
      ),
    )
    .limit(1);
  return row != null;
}

export async function getPreferenze(db: Database, actor: Actor): Promise<Preferenza[]> {
  const offered = NOTIFICA_TIPI.filter((tipo) => isOffered(actor.role, tipo));
  const rows = await db
    .select({ tipo: notifichePreferenze.tipo, attiva: notifichePreferenze.attiva })
    .from(notifichePreferenze)
    .where(eq(notifichePreferenze.userId, actor.id));
  const chosen = new Map(rows.map((r) => [r.tipo, r.attiva]));
  const consulente =
    actor.role === 'punto_fisico' && offered.includes('lead_nuovo')
      ? await isConsulenteSomewhere(db, actor.id)
      : false;
  return offered.map((tipo) => {
    const predefinita = roleDefault(actor.role, tipo) || (tipo === 'lead_nuovo' && consulente);
    const explicit = chosen.get(tipo);
    return { tipo, attiva: explicit ?? predefinita, predefinita, personalizzata: explicit != null };
  });
}

export async function setPreferenza(
  db: Database,
  actor: Actor,
  tipo: NotificaTipo,
  attiva: boolean,
): Promise<Preferenza[]> {
  if (!isOffered(actor.role, tipo)) throw AppError.badRequest(m.notOffered, 'NOTIFICA_NON_PREVISTA');
  await db
    .insert(notifichePreferenze)
    .values({ userId: actor.id, tipo, attiva, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [notifichePreferenze.userId, notifichePreferenze.tipo],
      set: { attiva, updatedAt: new Date() },
    });
  return getPreferenze(db, actor);
}

// ---------------------------------------------------------------------------------------------
// The admin's log: GET /api/notifiche/registro, POST /api/notifiche/registro/{id}/riprova
// ---------------------------------------------------------------------------------------------

export async function listRegistro(
  db: Database,
  query: RegistroQuery,
  options: { mailConfigured: boolean },
): Promise<Registro> {
  const where = query.stato ? eq(emailOutbox.stato, query.stato) : undefined;
  const counted = (condition: SQL | undefined) =>
    boundedTotal(db, db.select({ id: emailOutbox.id }).from(emailOutbox).where(condition));
  const after = query.cursor ? decodeCursor(query.cursor, ['text', 'int']) : null;
  const [perStato, total, rows] = await Promise.all([
    Promise.all(EMAIL_STATI.map((stato) => counted(eq(emailOutbox.stato, stato)))),
    counted(where),
    db
      .select({
        id: emailOutbox.id,
        tipo: emailOutbox.tipo,
        destinatario: emailOutbox.destinatario,
        oggetto: emailOutbox.oggetto,
        stato: emailOutbox.stato,
        tentativi: emailOutbox.tentativi,
        ultimoErrore: emailOutbox.ultimoErrore,
        createdAt: emailOutbox.createdAt,
        position: sql<string>`${emailOutbox.createdAt}::text`,
        inviatoAt: emailOutbox.inviatoAt,
        prossimoTentativoAt: emailOutbox.prossimoTentativoAt,
        scadeAt: emailOutbox.scadeAt,
      })
      .from(emailOutbox)
      .where(
        and(
          where,
          after
            ? sql`(${emailOutbox.createdAt}, ${emailOutbox.id}) < (${after[0]}::timestamptz, ${after[1]})`
            : undefined,
        ),
      )
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(query.pageSize + 1),
  ]);
  const page = keysetPage(rows, query.pageSize, (r) => [r.position, r.id]);
  return {
    items: page.items.map(({ position: _position, ...r }) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      inviatoAt: r.inviatoAt?.toISOString() ?? null,
      prossimoTentativoAt: r.stato === 'in_coda' ? r.prossimoTentativoAt.toISOString() : null,
      scadeAt: r.scadeAt.toISOString(),
    })),
    ...total,
    nextCursor: page.nextCursor,
    mailConfigured: options.mailConfigured,
    conteggi: Object.fromEntries(EMAIL_STATI.map((s, i) => [s, perStato[i]])) as Registro['conteggi'],
  };
}

/** Puts a failed or expired message back in the queue, for one more day and a full set of attempts. */
export async function riprovaEmail(db: Database, id: number, now = new Date()): Promise<void> {
  const [row] = await db.select({ stato: emailOutbox.stato }).from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!row) throw AppError.notFound(m.registro.notFound);
  const updated = await db
    .update(emailOutbox)
    .set({
      stato: 'in_coda',
      tentativi: 0,
      prossimoTentativoAt: now,
      bloccatoFinoAt: null,
      scadeAt: new Date(now.getTime() + 24 * 60 * 60_000),
    })
    .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.stato, ['fallito', 'scaduto'])))
    .returning({ id: emailOutbox.id });
  if (updated.length === 0) throw AppError.conflict(m.registro.riprovaNotAllowed, 'EMAIL_NON_RIPROVABILE');
}
