import { eq, inArray, sql } from 'drizzle-orm';
import { msg } from '#shared/messages.ts';
import { ROLE_LABELS, ROLE_TITLES, ROLES, type Role } from '#shared/permissions.ts';
import type { DbExecutor } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { createInvitations, NESSUNA_PASSWORD, type InvitoContext } from '#server/modules/utenti/inviti.ts';
import { normalizeHeader } from '#server/modules/importazioni/colonne.ts';
import {
  emailSchema,
  optionalText,
  requiredText,
  RowErrors,
  type CheckedRow,
  type MappedRow,
} from '#server/modules/importazioni/righe.ts';

const e = msg.importazione.erroreCampi;

/** A role as a file may write it: its code, its label or its title ('Area Manager', 'agente', 'admin'). */
const ROLE_NAMES = new Map<string, Role>(
  ROLES.flatMap((r) =>
    [r, ROLE_LABELS[r], ROLE_TITLES[r]].map((name) => [normalizeHeader(name), r] as const),
  ),
);
export const roleOf = (value: string): Role | undefined => ROLE_NAMES.get(normalizeHeader(value));

export interface UtenteDati {
  id?: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  role: Role;
}

/** Carried from batch to batch: the e-mails already met in the file. */
export interface UtentiState {
  seen: Set<string>;
}

/**
 * Users are matched by e-mail (docs/product/importazione.md#chiavi): an unknown one is new, a known
 * one with other name or phone is updated, the same one twice in the file is a duplicate. A known
 * user's role is not changed by a file (a role change ends sessions and moves scope: Utenti does it).
 */
export async function checkUtenti(
  db: DbExecutor,
  rows: MappedRow[],
  state: UtentiState,
): Promise<CheckedRow<UtenteDati>[]> {
  const parsed = rows.map((row) => {
    const errors = new RowErrors(row);
    const firstName = errors.parse('nome', requiredText(100, msg.user.firstNameRequired));
    const lastName = errors.parse('cognome', requiredText(100, msg.user.lastNameRequired));
    const email = errors.parse('email', emailSchema);
    const phone = errors.parse('telefono', optionalText(30));
    const ruolo = row.value('ruolo');
    const role = ruolo ? roleOf(ruolo) : undefined;
    if (!ruolo) errors.add('ruolo', msg.user.roleRequired);
    else if (!role) errors.add('ruolo', e.ruoloSconosciuto);
    const dati =
      errors.isEmpty && firstName && lastName && email && role
        ? { firstName, lastName, email, phone: phone || null, role }
        : undefined;
    return { row, errors, dati };
  });
  const emails = parsed.flatMap((p) => (p.dati ? [p.dati.email] : []));
  const existing = emails.length
    ? await db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          phone: users.phone,
          role: users.role,
        })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, emails))
    : [];
  const byEmail = new Map(existing.map((u) => [u.email.toLowerCase(), u]));
  return parsed.map(({ row, errors, dati }): CheckedRow<UtenteDati> => {
    if (!dati) return { riga: row.riga, esito: 'errore', errori: errors.list };
    if (state.seen.has(dati.email)) return { riga: row.riga, esito: 'duplicato', errori: [] };
    const found = byEmail.get(dati.email);
    if (found && found.role !== dati.role) {
      errors.add('ruolo', e.ruoloDiverso(ROLE_TITLES[found.role]));
      return { riga: row.riga, esito: 'errore', errori: errors.list };
    }
    state.seen.add(dati.email);
    if (!found) return { riga: row.riga, esito: 'nuovo', errori: [], dati };
    const same =
      found.firstName === dati.firstName && found.lastName === dati.lastName && found.phone === dati.phone;
    return same
      ? { riga: row.riga, esito: 'duplicato', errori: [] }
      : { riga: row.riga, esito: 'aggiorna', errori: [], dati: { ...dati, id: found.id } };
  });
}

/** Creates the new users (no password: an invitation each) and updates the known ones. */
export async function applyUtenti(
  tx: DbExecutor,
  checked: CheckedRow<UtenteDati>[],
  invito: InvitoContext,
): Promise<void> {
  const nuovi = checked.flatMap((c) => (c.esito === 'nuovo' && c.dati ? [c.dati] : []));
  if (nuovi.length) {
    const created = await tx
      .insert(users)
      .values(nuovi.map((u) => ({ ...u, passwordHash: NESSUNA_PASSWORD })))
      .returning({ id: users.id, email: users.email, firstName: users.firstName, role: users.role });
    await createInvitations(tx, created, invito);
  }
  for (const c of checked)
    if (c.esito === 'aggiorna' && c.dati?.id)
      await tx
        .update(users)
        .set({ firstName: c.dati.firstName, lastName: c.dati.lastName, phone: c.dati.phone })
        .where(eq(users.id, c.dati.id));
}
