import { and, asc, count, eq, or, sql } from 'drizzle-orm';
import { isRomeWorkingDay } from '#shared/calling-hours.ts';
import { romeDateKey, romeParts } from '#shared/time.ts';
import type { Database } from '#server/db/client.ts';
import { jobDailyRuns, leads, notifichePreferenze, puntiFisici, users } from '#server/db/schema.ts';
import type { Actor } from '#server/lib/actor.ts';
import { lateInQueue } from '#server/modules/chiamate/coda.ts';
import { leadsScope } from '#server/modules/punti-fisici/scope.ts';
import { links, type NotificheLinks } from '#server/modules/notifiche/links.ts';
import { enqueueEmails } from '#server/modules/notifiche/outbox.ts';
import { riepilogoRitardiEmail } from '#server/modules/notifiche/templates.ts';

/**
 * The working morning's digest of overdue leads (docs/product/notifications.md#riepilogo): from 08:00
 * Europe/Rome, Monday to Friday except national holidays, each person who receives it gets the
 * leads of their own scope still `nuovo` past the promised 24 hours; nobody gets an empty one.
 */
export const RIEPILOGO_JOB = 'riepilogo-lead-in-ritardo';
export const RIEPILOGO_ORA = 8;
/** Leads listed in one e-mail; beyond them the message says how many more. */
export const RIEPILOGO_MAX_LEAD = 30;

export type RiepilogoOutcome =
  | { esito: 'giorno-non-lavorativo' | 'troppo-presto' | 'gia-fatto' }
  | { esito: 'fatto'; destinatari: number; accodati: number };

/** Who receives it: active users whose choice, or else their role's default, says yes. */
async function destinatari(db: Database) {
  return db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .leftJoin(
      notifichePreferenze,
      and(eq(notifichePreferenze.userId, users.id), eq(notifichePreferenze.tipo, 'lead_in_ritardo')),
    )
    .where(
      and(
        eq(users.isActive, true),
        or(
          eq(notifichePreferenze.attiva, true),
          and(sql`${notifichePreferenze.attiva} is null`, sql`${users.role} in ('agente', 'area_manager')`),
        ),
      ),
    )
    .orderBy(asc(users.id));
}

export async function runRiepilogo(
  db: Database,
  options: { now: Date } & NotificheLinks,
): Promise<RiepilogoOutcome> {
  const { now } = options;
  if (!isRomeWorkingDay(now)) return { esito: 'giorno-non-lavorativo' };
  if (romeParts(now).hour < RIEPILOGO_ORA) return { esito: 'troppo-presto' };
  const day = romeDateKey(now);
  const [done] = await db
    .select({ day: jobDailyRuns.day })
    .from(jobDailyRuns)
    .where(and(eq(jobDailyRuns.job, RIEPILOGO_JOB), eq(jobDailyRuns.day, day)));
  if (done) return { esito: 'gia-fatto' };

  const url = links(options);
  // The same late leads as the queue's 'In ritardo' (docs/product/calls.md#la-coda).
  const overdue = lateInQueue(now);
  const people = await destinatari(db);
  let accodati = 0;
  for (const person of people) {
    // The same scope as the person's lead list: what the digest lists, they can open.
    const actor: Actor = person;
    const where = and(leadsScope(actor), overdue);
    const [{ totale }] = await db.select({ totale: count() }).from(leads).where(where);
    if (totale === 0) continue;
    const rows = await db
      .select({
        id: leads.id,
        nome: leads.nome,
        cognome: leads.cognome,
        telefono: leads.telefono,
        dataRegistrazione: leads.dataRegistrazione,
        nomeAttivita: puntiFisici.nomeAttivita,
      })
      .from(leads)
      .leftJoin(puntiFisici, eq(puntiFisici.id, leads.puntoFisicoOriginaleId))
      .where(where)
      .orderBy(asc(leads.chiamataDa), asc(leads.id))
      .limit(RIEPILOGO_MAX_LEAD);
    accodati += await enqueueEmails(
      db,
      [
        {
          tipo: 'lead_in_ritardo',
          destinatario: person.email,
          userId: person.id,
          // Once per person per Rome day, whichever instance or run gets here first.
          dedupeKey: `lead_in_ritardo:${day}:u${person.id}`,
          ...riepilogoRitardiEmail({
            destinatarioNome: person.firstName.trim() || person.lastName.trim(),
            ambito: person.role === 'admin' || person.role === 'amministrazione' ? 'rete' : 'punti',
            leads: rows.map((r) => ({ ...r, url: url.lead(r.id) })),
            totale,
            leadsUrl: url.leads(),
            profiloUrl: url.profilo(),
          }),
        },
      ],
      now,
    );
  }
  await db.insert(jobDailyRuns).values({ job: RIEPILOGO_JOB, day, completedAt: now }).onConflictDoNothing();
  return { esito: 'fatto', destinatari: people.length, accodati };
}
