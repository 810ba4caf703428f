import { and, eq, inArray } from 'drizzle-orm';
import type { NotificaTipo } from '#shared/domain.ts';
import type { Role } from '#shared/permissions.ts';
import type { DbExecutor } from '#server/db/client.ts';
import { notifichePreferenze } from '#server/db/schema.ts';

/**
 * Which e-mails each role may receive, and which are on until the person says otherwise
 * (docs/product/notifications.md#preferenze). On by default for the people who must act: the agent for
 * new leads, the area manager for leads of points without an agent, agents and area managers
 * for the morning digest, the point and its agent for their practices' outcomes. The rest is
 * opt-in.
 */
export const NOTIFICHE_PER_RUOLO: Record<Role, Record<NotificaTipo, 'on' | 'off' | null>> = {
  admin: { lead_nuovo: 'off', lead_in_ritardo: 'off', servizio_completato: null, servizio_ko: null },
  amministrazione: {
    lead_nuovo: 'off',
    lead_in_ritardo: 'off',
    servizio_completato: null,
    servizio_ko: null,
  },
  area_manager: { lead_nuovo: 'on', lead_in_ritardo: 'on', servizio_completato: 'off', servizio_ko: 'off' },
  agente: { lead_nuovo: 'on', lead_in_ritardo: 'on', servizio_completato: 'on', servizio_ko: 'on' },
  // A point's responsible person is also the consultant when the point has neither an agent nor an
  // area manager: then new leads are on by default for them (see consulenteDefault below).
  punto_fisico: { lead_nuovo: 'off', lead_in_ritardo: 'off', servizio_completato: 'on', servizio_ko: 'on' },
};

export function isOffered(role: Role, tipo: NotificaTipo): boolean {
  return NOTIFICHE_PER_RUOLO[role][tipo] != null;
}

export function roleDefault(role: Role, tipo: NotificaTipo): boolean {
  return NOTIFICHE_PER_RUOLO[role][tipo] === 'on';
}

/** The explicit choices of these users for one kind; users without a row are absent. */
export async function explicitChoices(
  db: DbExecutor,
  userIds: number[],
  tipo: NotificaTipo,
): Promise<Map<number, boolean>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: notifichePreferenze.userId, attiva: notifichePreferenze.attiva })
    .from(notifichePreferenze)
    .where(and(inArray(notifichePreferenze.userId, userIds), eq(notifichePreferenze.tipo, tipo)));
  return new Map(rows.map((r) => [r.userId, r.attiva]));
}
