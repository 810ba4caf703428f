/**
 * What a text field may hold, on both sides and in both zod flavours (the landing's zod/mini and
 * the back-office's zod): no control characters (NUL breaks PostgreSQL, the others are never
 * typed by a person), no invisible direction overrides (a name that reads backwards), no
 * unpaired UTF-16 surrogates. A multi-line field (notes) keeps tab and newlines.
 */

// One alternation, linear time: a well-formed character outside the refused ranges, or a pair.
const REFUSED =
  '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069\\uFFFE\\uFFFF';
const PAIR = '[\\uD800-\\uDBFF][\\uDC00-\\uDFFF]';

/** A whole single-line text: also no tab, CR or LF. */
export const SAFE_LINE = new RegExp(`^(?:[^${REFUSED}\\t\\n\\r\\uD800-\\uDFFF]|${PAIR})*$`);
/** A whole multi-line text. */
export const SAFE_MULTILINE = new RegExp(`^(?:[^${REFUSED}\\uD800-\\uDFFF]|${PAIR})*$`);

export const CONTROL_CHARS_MESSAGE = 'Il testo contiene caratteri non ammessi';

// With the u flag a well-formed pair is one character: only lone surrogates match the range.
const UNSAFE_ANYWHERE = new RegExp(`[${REFUSED}\\t\\n\\r\\p{Cf}\\uD800-\\uDFFF]`, 'gu');

/**
 * A name that arrives from somewhere else (an uploaded file's name) and is shown as it is: every
 * character SAFE_LINE refuses is dropped, and so are the other invisible format characters
 * (zero-width, direction marks), so `fattura\u202Eexe.pdf` reads as it is stored, never as
 * 'fatturafdp.exe'. See docs/security.md#nomi-dei-file
 */
export function stripUnsafeChars(text: string): string {
  return text.replace(UNSAFE_ANYWHERE, '');
}
