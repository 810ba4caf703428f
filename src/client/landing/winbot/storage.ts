/**
 * `localStorage['winbot-state']` = `{ hasSeenTutorial, userName }`. Whatever is there may be
 * corrupt, written by something else, or unreachable (private browsing, storage disabled): none of
 * it may break the page, the assistant then simply behaves as on a first visit.
 */
export const WINBOT_STORAGE_KEY = 'winbot-state';

export interface WinbotStored {
  hasSeenTutorial: boolean;
  /** The customer's first name, for a greeting on the next visit; null when unknown. */
  userName: string | null;
}

export const DEFAULT_STORED: WinbotStored = { hasSeenTutorial: false, userName: null };

const MAX_NAME = 40;

/** The page's localStorage, or null where reaching it throws (storage disabled, sandboxed frame). */
export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function cleanName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // Printable text only, on one line: it is shown back in a greeting.
  const name = value
    .replace(/[\p{C}]/gu, '')
    .trim()
    .slice(0, MAX_NAME);
  return name || null;
}

/** Reads the stored state; anything unreadable or of another shape counts as nothing stored. */
export function readWinbotState(storage: Storage | null): WinbotStored {
  if (!storage) return DEFAULT_STORED;
  let raw: string | null;
  try {
    raw = storage.getItem(WINBOT_STORAGE_KEY);
  } catch {
    return DEFAULT_STORED;
  }
  if (raw == null) return DEFAULT_STORED;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return DEFAULT_STORED;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return DEFAULT_STORED;
  const record = value as Record<string, unknown>;
  if (typeof record.hasSeenTutorial !== 'boolean') return DEFAULT_STORED;
  return { hasSeenTutorial: record.hasSeenTutorial, userName: cleanName(record.userName) };
}

/** Writes the state; a full or refused storage is ignored (the assistant works in memory). */
export function writeWinbotState(storage: Storage | null, state: WinbotStored): boolean {
  if (!storage) return false;
  try {
    storage.setItem(
      WINBOT_STORAGE_KEY,
      JSON.stringify({ hasSeenTutorial: state.hasSeenTutorial, userName: cleanName(state.userName) }),
    );
    return true;
  } catch {
    return false;
  }
}
