import { eq, inArray, or, sql } from 'drizzle-orm';
import { msg } from '#shared/messages.ts';
import type { Role } from '#shared/permissions.ts';
import type { ImportCampo } from '#shared/schemas/importazione.ts';
import type { DbExecutor } from '#server/db/client.ts';
import { puntiFisici, users } from '#server/db/schema.ts';
import { generateLandingCode, LANDING_CODE_PATTERN } from '#server/modules/punti-fisici/landing-code.ts';
import { createInvitations, NESSUNA_PASSWORD, type InvitoContext } from '#server/modules/utenti/inviti.ts';
import {
  emailSchema,
  requiredText,
  RowErrors,
  type CheckedRow,
  type MappedRow,
} from '#server/modules/importazioni/righe.ts';

const e = msg.importazione.erroreCampi;
const pm = msg.puntoFisico;

/** The three people a point names, by e-mail, and the role each must have (as in the point dialog). */
const PERSONE = [
  {
    key: 'utenteResponsabileId',
    role: 'punto_fisico',
    email: 'emailResponsabile',
    nome: 'nomeResponsabile',
    telefono: 'telefonoResponsabile',
    wrongRole: pm.responsabileRole,
  },
  {
    key: 'agenteId',
    role: 'agente',
    email: 'emailAgente',
    nome: 'nomeAgente',
    telefono: null,
    wrongRole: pm.agenteRole,
  },
  {
    key: 'areaManagerId',
    role: 'area_manager',
    email: 'emailAreaManager',
    nome: 'nomeAreaManager',
    telefono: null,
    wrongRole: pm.areaManagerRole,
  },
] as const satisfies readonly {
  key: string;
  role: Role;
  email: ImportCampo;
  nome: ImportCampo;
  telefono: ImportCampo | null;
  wrongRole: string;
}[];
type PersonaKey = (typeof PERSONE)[number]['key'];

/** A person a point names: known by id, or to be created from the row's name (`nuova`). */
type PersonaRef = { id: number } | { email: string };
interface NuovaPersona {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  role: Role;
}

export interface PuntoDati {
  id?: number;
  nomeAttivita: string;
  indirizzo: string;
  persone: Record<PersonaKey, PersonaRef | null>;
}

/** Carried from batch to batch: the points met in the file, the people the file creates. */
export interface PuntiState {
  seen: Set<string>;
  nuovePersone: Map<string, NuovaPersona>;
}

const nameKey = (nome: string, indirizzo: string) =>
  `${nome.toLowerCase().replace(/\s+/g, ' ')}|${indirizzo.toLowerCase().replace(/\s+/g, ' ')}`;

/** "Mario Rossi" → Mario, Rossi; "Anna Maria De Luca" → Anna, Maria De Luca. */
function splitName(full: string): { firstName: string; lastName: string } | null {
  const parts = full.trim().split(/\s+/);
  if (parts.length < 2) return null;
  return { firstName: parts[0], lastName: parts.slice(1).join(' ') };
}

/**
 * Points are matched by landing code, else by name + address (docs/product/importazione.md#chiavi);
 * the people they name by e-mail: a known user must hold the role and be active, an unknown one
 * is created when the row gives their name, and invited.
 */
export async function checkPunti(
  db: DbExecutor,
  rows: MappedRow[],
  state: PuntiState,
): Promise<CheckedRow<PuntoDati>[]> {
  const parsed = rows.map((row) => {
    const errors = new RowErrors(row);
    const nomeAttivita = errors.parse('nomeAttivita', requiredText(120, pm.nomeAttivitaRequired));
    const indirizzo = errors.parse('indirizzo', requiredText(200, pm.indirizzoRequired));
    const codice = row.value('codiceLanding').toUpperCase();
    if (codice && !LANDING_CODE_PATTERN.test(codice)) errors.add('codiceLanding', e.codiceNonValido);
    const emails = PERSONE.map((p) => {
      if (!row.value(p.email)) {
        if (p.key === 'utenteResponsabileId') errors.add(p.email, pm.responsabileRequired);
        return null;
      }
      return errors.parse(p.email, emailSchema) ?? null;
    });
    return { row, errors, nomeAttivita, indirizzo, codice, emails };
  });
  const allEmails = [...new Set(parsed.flatMap((p) => p.emails.filter((x): x is string => !!x)))];
  const codes = parsed.flatMap((p) => (p.codice ? [p.codice] : []));
  const keys = parsed.flatMap((p) =>
    p.nomeAttivita && p.indirizzo ? [nameKey(p.nomeAttivita, p.indirizzo)] : [],
  );
  const [people, points] = await Promise.all([
    allEmails.length
      ? db
          .select({ id: users.id, email: users.email, role: users.role, isActive: users.isActive })
          .from(users)
          .where(inArray(sql`lower(${users.email})`, allEmails))
      : [],
    codes.length || keys.length
      ? db
          .select({
            id: puntiFisici.id,
            nomeAttivita: puntiFisici.nomeAttivita,
            indirizzo: puntiFisici.indirizzo,
            landingCode: puntiFisici.landingCode,
            utenteResponsabileId: puntiFisici.utenteResponsabileId,
            agenteId: puntiFisici.agenteId,
            areaManagerId: puntiFisici.areaManagerId,
          })
          .from(puntiFisici)
          .where(
            or(
              codes.length ? inArray(puntiFisici.landingCode, codes) : undefined,
              keys.length
                ? inArray(
                    sql`lower(regexp_replace(${puntiFisici.nomeAttivita}, '\\s+', ' ', 'g')) || '|' || lower(regexp_replace(${puntiFisici.indirizzo}, '\\s+', ' ', 'g'))`,
                    keys,
                  )
                : undefined,
            ),
          )
      : [],
  ]);
  const personByEmail = new Map(people.map((p) => [p.email.toLowerCase(), p]));
  const pointByCode = new Map(points.map((p) => [p.landingCode, p]));
  const pointByKey = new Map(points.map((p) => [nameKey(p.nomeAttivita, p.indirizzo), p]));

  return parsed.map(({ row, errors, nomeAttivita, indirizzo, codice, emails }): CheckedRow<PuntoDati> => {
    const pending: NuovaPersona[] = [];
    const persone = {} as Record<PersonaKey, PersonaRef | null>;
    PERSONE.forEach((p, i) => {
      const email = emails[i];
      persone[p.key] = null;
      if (!email) return;
      const known = personByEmail.get(email);
      const planned = state.nuovePersone.get(email) ?? pending.find((n) => n.email === email);
      const role = known?.role ?? planned?.role;
      if (role && role !== p.role) return errors.add(p.email, p.wrongRole);
      if (known) {
        if (!known.isActive) return errors.add(p.email, e.personaDisattivata);
        persone[p.key] = { id: known.id };
        return;
      }
      persone[p.key] = { email };
      if (planned) return;
      const nome = row.value(p.nome);
      if (!nome) return errors.add(p.email, e.personaSconosciuta);
      const split = splitName(nome);
      if (!split) return errors.add(p.nome, e.nomeCognome);
      const phone = p.telefono ? row.value(p.telefono) || null : null;
      pending.push({ email, ...split, phone: phone?.slice(0, 30) ?? null, role: p.role });
    });
    const existing = codice
      ? pointByCode.get(codice)
      : pointByKey.get(nameKey(nomeAttivita ?? '', indirizzo ?? ''));
    if (codice && !existing && errors.isEmpty) errors.add('codiceLanding', e.codiceSconosciuto);
    if (!errors.isEmpty || !nomeAttivita || !indirizzo)
      return { riga: row.riga, esito: 'errore', errori: errors.list };
    const seenKey = existing ? `id:${existing.id}` : nameKey(nomeAttivita, indirizzo);
    if (state.seen.has(seenKey)) return { riga: row.riga, esito: 'duplicato', errori: [] };
    state.seen.add(seenKey);
    for (const n of pending) state.nuovePersone.set(n.email, n);
    const dati = { nomeAttivita, indirizzo, persone };
    if (!existing) return { riga: row.riga, esito: 'nuovo', errori: [], dati };
    const same =
      existing.nomeAttivita === nomeAttivita &&
      existing.indirizzo === indirizzo &&
      PERSONE.every((p) => {
        const ref = persone[p.key];
        return ref ? 'id' in ref && ref.id === existing[p.key] : existing[p.key] == null;
      });
    return same
      ? { riga: row.riga, esito: 'duplicato', errori: [] }
      : { riga: row.riga, esito: 'aggiorna', errori: [], dati: { ...dati, id: existing.id } };
  });
}

/**
 * Creates the people the batch names and nobody has yet (each invited), then the new points, each
 * with its own landing code as when created by hand (so its QR exists), then the updates.
 */
export async function applyPunti(
  tx: DbExecutor,
  checked: CheckedRow<PuntoDati>[],
  state: PuntiState,
  invito: InvitoContext,
): Promise<void> {
  const rows = checked.filter((c) => (c.esito === 'nuovo' || c.esito === 'aggiorna') && c.dati);
  const toCreate = new Map<string, NuovaPersona>();
  for (const c of rows)
    for (const ref of Object.values(c.dati!.persone))
      if (ref && 'email' in ref) toCreate.set(ref.email, state.nuovePersone.get(ref.email)!);
  const ids = new Map<string, number>();
  if (toCreate.size) {
    const created = await tx
      .insert(users)
      .values([...toCreate.values()].map((p) => ({ ...p, passwordHash: NESSUNA_PASSWORD })))
      .returning({ id: users.id, email: users.email, firstName: users.firstName, role: users.role });
    for (const u of created) ids.set(u.email, u.id);
    await createInvitations(tx, created, invito);
  }
  const resolve = (ref: PersonaRef | null) => (ref ? ('id' in ref ? ref.id : ids.get(ref.email)!) : null);
  const values = (d: PuntoDati) => ({
    nomeAttivita: d.nomeAttivita,
    indirizzo: d.indirizzo,
    utenteResponsabileId: resolve(d.persone.utenteResponsabileId)!,
    agenteId: resolve(d.persone.agenteId),
    areaManagerId: resolve(d.persone.areaManagerId),
  });
  let pending = rows.filter((c) => c.esito === 'nuovo').map((c) => values(c.dati!));
  // 31^8 codes: a clash is rare; the rows it skipped get new codes.
  for (let attempt = 0; pending.length && attempt < 5; attempt++) {
    const withCodes = pending.map((v) => ({ ...v, landingCode: generateLandingCode() }));
    const inserted = await tx
      .insert(puntiFisici)
      .values(withCodes)
      .onConflictDoNothing({ target: puntiFisici.landingCode })
      .returning({ landingCode: puntiFisici.landingCode });
    const done = new Set(inserted.map((r) => r.landingCode));
    pending = withCodes.filter((v) => !done.has(v.landingCode)).map(({ landingCode: _c, ...v }) => v);
  }
  for (const c of rows)
    if (c.esito === 'aggiorna' && c.dati?.id)
      await tx.update(puntiFisici).set(values(c.dati)).where(eq(puntiFisici.id, c.dati.id));
}
