import { FASCE_ORARIE, SERVIZI_RICHIEDIBILI, type ServizioRichiedibile } from '#shared/domain.ts';
import type { LandingFormInput } from '#shared/schemas/landing.ts';
import { romeDateKey } from '#shared/time.ts';
import type { UploadOutcome } from '#client/landing/submission.ts';

/**
 * The wizard kept in `sessionStorage` so a reload, or a phone discarding the tab in the
 * background, brings the customer back where they were (docs/product/landing.md#ricarica-della-pagina):
 * the answers and the step, never the files; after the submission, the confirmation, so a reload
 * never offers the wizard again. sessionStorage belongs to the tab: a new tab starts clean, and
 * so does a new day (Europe/Rome). Whatever is stored may be corrupt or unreachable: then the
 * wizard starts clean.
 */
export interface SavedWizard {
  step: 1 | 2 | 3 | 4;
  values: LandingFormInput;
  isCombined: boolean;
  /** The submission attempt, so a retry after a reload reuses its idempotency key. */
  attempt: { body: string; key: string } | null;
  /** Set once the request arrived: the confirmation is what the tab shows from then on. */
  done: { firstName: string; billsFailed: boolean } | null;
}

const keyOf = (code: string) => `landing-wizard:${code}`;

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const isString = (v: unknown): v is string => typeof v === 'string';
const text = (v: unknown) => (isString(v) ? v.slice(0, 300) : '');

/** Only the shapes the wizard writes; anything else counts as nothing saved. */
function clean(raw: Record<string, unknown>): SavedWizard | null {
  const v = (raw.values ?? {}) as Record<string, unknown>;
  const step = raw.step;
  if (step !== 1 && step !== 2 && step !== 3 && step !== 4) return null;
  const servizi = Array.isArray(v.serviziRichiesti)
    ? v.serviziRichiesti.filter((s): s is ServizioRichiedibile =>
        (SERVIZI_RICHIEDIBILI as readonly unknown[]).includes(s),
      )
    : [];
  const orario = (FASCE_ORARIE as readonly unknown[]).includes(v.orarioContatto)
    ? (v.orarioContatto as LandingFormInput['orarioContatto'])
    : '';
  const attempt = raw.attempt as Record<string, unknown> | null | undefined;
  const done = raw.done as Record<string, unknown> | null | undefined;
  return {
    step,
    values: {
      nome: text(v.nome),
      cognome: text(v.cognome),
      telefono: text(v.telefono),
      email: text(v.email),
      serviziRichiesti: servizi,
      privacyAccepted: (v.privacyAccepted === true) as true,
      orarioContatto: orario,
    },
    isCombined: raw.isCombined === true,
    attempt:
      attempt && isString(attempt.body) && isString(attempt.key)
        ? { body: attempt.body, key: attempt.key }
        : null,
    done: done ? { firstName: text(done.firstName), billsFailed: done.billsFailed === true } : null,
  };
}

/** The wizard saved for this landing in this tab today, or null. */
export function loadWizard(code: string, now = new Date()): SavedWizard | null {
  try {
    const raw = sessionStore()?.getItem(keyOf(code));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    if (parsed.day !== romeDateKey(now)) return null;
    return clean(parsed);
  } catch {
    return null;
  }
}

/** Step 1 with nothing chosen: what a new visit starts from anyway. */
function isCleanStart(state: SavedWizard): boolean {
  const v = state.values;
  return (
    state.step === 1 &&
    !state.isCombined &&
    state.attempt == null &&
    state.done == null &&
    v.serviziRichiesti.length === 0 &&
    !v.nome &&
    !v.cognome &&
    !v.telefono &&
    !v.email &&
    !v.privacyAccepted &&
    !v.orarioContatto
  );
}

/**
 * Keeps the wizard for a reload. A clean start is not written but erased (an earlier choice
 * undone stays undone): the page that has just been hydrated builds no date formatter, the first
 * of which costs a phone about 100 ms of CPU (docs/primo-caricamento.md).
 */
export function saveWizard(code: string, state: SavedWizard, now = new Date()): void {
  try {
    if (isCleanStart(state)) sessionStore()?.removeItem(keyOf(code));
    else sessionStore()?.setItem(keyOf(code), JSON.stringify({ ...state, day: romeDateKey(now) }));
  } catch {
    // Storage full or disabled: the wizard works, it just won't survive a reload.
  }
}

/** What the restored confirmation says of the bills: their files did not survive the reload. */
export function restoredUpload(done: SavedWizard['done']): UploadOutcome {
  return done?.billsFailed ? { status: 'failed', retryable: false } : { status: 'none' };
}
