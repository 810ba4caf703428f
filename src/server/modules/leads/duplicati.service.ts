import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { fillMessage, msg } from '#shared/messages.ts';
import type { LeadDetail } from '#shared/schemas/lead.ts';
import type { DbExecutor, Database } from '#server/db/client.ts';
import { consensi, emailOutbox, leads, leadsEventi, leadsSeparati, pratiche } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Actor } from '#server/lib/actor.ts';
import { leadIdInScope, leadsScope, markAltroPunto } from '#server/modules/punti-fisici/scope.ts';

/**
 * Leads sharing a normalised phone or e-mail, or a codice fiscale, POD or PDR in a scheda of their
 * practices: a returning customer who typed one contact differently, or two people sharing a
 * phone. Staff merge them or keep them apart. See docs/product/lifecycle.md#doppioni
 */

const m = msg.lead;
const d = m.duplicati;

const nomeOf = (actor: Actor) => `${actor.firstName} ${actor.lastName}`.trim() || actor.email;

/** The pair (a, b) of leads_separati always has a < b. */
const notKeptApart = (otherId: SQL, thisId: SQL) =>
  sql`not exists (select 1 from leads_separati ls
    where ls.lead_a_id = least(${otherId}, ${thisId}) and ls.lead_b_id = greatest(${otherId}, ${thisId}))`;

const scopeOf = (actor: Actor, otherId: SQL) => {
  const inScope = leadIdInScope(actor, otherId);
  return inScope ? sql` and ${inScope}` : sql``;
};

/**
 * The schede of lead `thisId`'s practices (s_me) joined to the schede of other leads' practices
 * (s_dup, p_dup) with the same normalised codice fiscale, POD or PDR: each side a probe of the
 * partial indexes of schede_contratto (docs/product/scheda-contratto.md#ricerca).
 */
const codeTwinsFrom = (thisId: SQL) => sql`pratiche p_me
  join schede_contratto s_me on s_me.pratica_id = p_me.id
  join schede_contratto s_dup on (s_dup.codice_fiscale = s_me.codice_fiscale or s_dup.pod = s_me.pod or s_dup.pdr = s_me.pdr)
  join pratiche p_dup on p_dup.id = s_dup.pratica_id
  where p_me.lead_id = ${thisId} and p_dup.lead_id <> ${thisId}`;

/**
 * For the list: does another lead the actor may see share this lead's phone, e-mail or a code?
 * Correlated on "leads"; one probe of the (phone, e-mail) index and one of the e-mail index per row,
 * the codes through the lead's practices and schede, and for a scoped role a probe of the other
 * lead's first point and practices (leadIdInScope).
 */
export function possibileDuplicatoSql(actor: Actor): SQL<boolean> {
  return sql<boolean>`(exists (select 1 from leads dup
    where (dup.telefono_normalizzato = "leads"."telefono_normalizzato" or dup.email_normalizzata = "leads"."email_normalizzata")
      and dup.id <> "leads"."id"${scopeOf(actor, sql`dup.id`)}
      and ${notKeptApart(sql`dup.id`, sql`"leads"."id"`)})
    or exists (select 1 from ${codeTwinsFrom(sql`"leads"."id"`)}${scopeOf(actor, sql`p_dup.lead_id`)}
      and ${notKeptApart(sql`p_dup.lead_id`, sql`"leads"."id"`)}))`;
}

interface CodeTwin {
  leadId: number;
  codiceFiscale: boolean;
  podPdr: boolean;
}

/** The other leads sharing a code with `leadId` (any scope: the caller filters), and which code. */
async function codeTwins(db: DbExecutor, leadId: number, others?: number[]): Promise<CodeTwin[]> {
  const only = others
    ? sql` and p_dup.lead_id in (${sql.join(
        others.map((id) => sql`${id}::int`),
        sql`, `,
      )})`
    : sql``;
  const res = await db.execute(sql`select p_dup.lead_id as "leadId",
      coalesce(bool_or(s_dup.codice_fiscale = s_me.codice_fiscale), false) as "codiceFiscale",
      coalesce(bool_or(s_dup.pod = s_me.pod or s_dup.pdr = s_me.pdr), false) as "podPdr"
    from ${codeTwinsFrom(sql`${leadId}::int`)}${only}
    group by p_dup.lead_id`);
  return (res as { rows: CodeTwin[] }).rows.map((r) => ({ ...r, leadId: Number(r.leadId) }));
}

/** Who the other lead is, and its two keys. */
const contactColumns = {
  id: leads.id,
  nome: leads.nome,
  cognome: leads.cognome,
  telefono: leads.telefono,
  email: leads.email,
  telefonoNormalizzato: leads.telefonoNormalizzato,
  emailNormalizzata: leads.emailNormalizzata,
};

interface Keys {
  id: number;
  telefonoNormalizzato: string;
  emailNormalizzata: string;
}

/** The detail's list of possible duplicates, oldest first (the first customer record usually wins). */
export async function listPossibiliDuplicati(
  db: DbExecutor,
  actor: Actor,
  lead: Keys,
): Promise<LeadDetail['possibiliDuplicati']> {
  const twins = new Map((await codeTwins(db, lead.id)).map((t) => [t.leadId, t]));
  const rows = await db
    .select({ ...contactColumns, dataRegistrazione: leads.dataRegistrazione })
    .from(leads)
    .where(
      and(
        or(
          eq(leads.telefonoNormalizzato, lead.telefonoNormalizzato),
          eq(leads.emailNormalizzata, lead.emailNormalizzata),
          twins.size ? inArray(leads.id, [...twins.keys()]) : undefined,
        ),
        ne(leads.id, lead.id),
        leadsScope(actor),
        notKeptApart(sql`"leads"."id"`, sql`${lead.id}::int`),
      ),
    )
    .orderBy(asc(leads.dataRegistrazione), asc(leads.id))
    .limit(20);
  return rows.map((r) => ({
    id: r.id,
    nome: r.nome,
    cognome: r.cognome,
    telefono: r.telefono,
    email: r.email,
    dataRegistrazione: r.dataRegistrazione.toISOString(),
    stessoTelefono: r.telefonoNormalizzato === lead.telefonoNormalizzato,
    stessaEmail: r.emailNormalizzata === lead.emailNormalizzata,
    stessoCodiceFiscale: twins.get(r.id)?.codiceFiscale ?? false,
    stessoPodPdr: twins.get(r.id)?.podPdr ?? false,
  }));
}

export async function listStorico(db: DbExecutor, leadId: number): Promise<LeadDetail['storico']> {
  const rows = await db
    .select({
      id: leadsEventi.id,
      tipo: leadsEventi.tipo,
      descrizione: leadsEventi.descrizione,
      utenteNome: leadsEventi.utenteNome,
      createdAt: leadsEventi.createdAt,
    })
    .from(leadsEventi)
    .where(eq(leadsEventi.leadId, leadId))
    .orderBy(desc(leadsEventi.createdAt), desc(leadsEventi.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** Both leads, visible to the actor, locked in id order, and sharing a phone, an e-mail or a code. */
async function lockPair(tx: DbExecutor, actor: Actor, id: number, altroId: number) {
  if (id === altroId) throw AppError.badRequest(d.stessoLead, 'SAME_LEAD');
  const rows = await tx
    .select({ ...contactColumns, puntoFisicoOriginaleId: leads.puntoFisicoOriginaleId })
    .from(leads)
    .where(and(inArray(leads.id, [id, altroId]), leadsScope(actor)))
    .orderBy(asc(leads.id))
    .for('update');
  const lead = rows.find((r) => r.id === id);
  const altro = rows.find((r) => r.id === altroId);
  if (!lead || !altro) throw AppError.notFound(m.notFound);
  if (
    lead.telefonoNormalizzato !== altro.telefonoNormalizzato &&
    lead.emailNormalizzata !== altro.emailNormalizzata &&
    (await codeTwins(tx, id, [altroId])).length === 0
  )
    throw AppError.conflict(d.nonDuplicati, 'NOT_DUPLICATES');
  return { lead, altro };
}

/**
 * Merge `altroId` into `id`: its practices (with their services, documents, history and
 * commissions, which reference the practice and so do not change), consents, e-mails and lead
 * history move to the kept lead, decisions to keep it apart from third leads carry over, and the
 * merged lead is deleted. The kept lead's own data stay as they are. Recorded in its history.
 */
export async function mergeLeads(db: Database, actor: Actor, id: number, altroId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { lead, altro } = await lockPair(tx, actor, id, altroId);
    const moved = await tx
      .update(pratiche)
      .set({ leadId: id })
      .where(eq(pratiche.leadId, altroId))
      .returning({ id: pratiche.id });
    const consents = await tx
      .update(consensi)
      .set({ leadId: id })
      .where(eq(consensi.leadId, altroId))
      .returning({ id: consensi.id });
    await tx.update(emailOutbox).set({ leadId: id }).where(eq(emailOutbox.leadId, altroId));
    await tx.update(leadsEventi).set({ leadId: id }).where(eq(leadsEventi.leadId, altroId));
    // "Kept apart from X" said of the merged lead now holds for the kept one.
    await tx.execute(sql`insert into leads_separati (lead_a_id, lead_b_id, user_id, created_at)
      select least(${id}::int, other_id), greatest(${id}::int, other_id), user_id, created_at
      from (select case when lead_a_id = ${altroId}::int then lead_b_id else lead_a_id end as other_id, user_id, created_at
            from leads_separati where lead_a_id = ${altroId}::int or lead_b_id = ${altroId}::int) carried
      where other_id <> ${id}::int
      on conflict do nothing`);
    if (lead.puntoFisicoOriginaleId == null && altro.puntoFisicoOriginaleId != null)
      await tx
        .update(leads)
        .set({ puntoFisicoOriginaleId: altro.puntoFisicoOriginaleId })
        .where(eq(leads.id, id));
    // The moved practices now answer to the kept lead's first point.
    await markAltroPunto(tx, [id]);
    await tx.insert(leadsEventi).values({
      leadId: id,
      userId: actor.id,
      utenteNome: nomeOf(actor),
      tipo: 'duplicato_unito',
      descrizione: fillMessage(d.eventoUnito, {
        altroId,
        altroNome: `${altro.nome} ${altro.cognome}`,
        altroTelefono: altro.telefono,
        altroEmail: altro.email,
        pratiche: moved.length,
        consensi: consents.length,
      }),
    });
    await tx.delete(leads).where(eq(leads.id, altroId));
  });
}

/** Two leads sharing a contact are different people: the marker goes, on both, for good. */
export async function keepLeadsApart(db: Database, actor: Actor, id: number, altroId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { lead, altro } = await lockPair(tx, actor, id, altroId);
    const [created] = await tx
      .insert(leadsSeparati)
      .values({ leadAId: Math.min(id, altroId), leadBId: Math.max(id, altroId), userId: actor.id })
      .onConflictDoNothing()
      .returning({ a: leadsSeparati.leadAId });
    if (!created) return;
    const evento = (of: number, other: typeof lead) => ({
      leadId: of,
      userId: actor.id,
      utenteNome: nomeOf(actor),
      tipo: 'duplicato_separato' as const,
      descrizione: fillMessage(d.eventoSeparato, {
        altroId: other.id,
        altroNome: `${other.nome} ${other.cognome}`,
      }),
    });
    await tx.insert(leadsEventi).values([evento(id, altro), evento(altroId, lead)]);
  });
}
