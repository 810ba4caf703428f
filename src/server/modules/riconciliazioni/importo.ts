/**
 * An amount as a supplier's statement writes it, in integer cents, or null when it cannot be read
 * (docs/product/fornitori-riconciliazione.md#importi): '€ 1.234,56', '1234,56', '1,234.56',
 * '1234.5' (an XLSX number), '-10,00', '(10,00)', '10,00-'. Money has at most two decimals, so a
 * separator followed by exactly three digits is always a thousands separator and the decimal mark
 * needs no setting: comma and point are both read.
 */
export function parseImportoEstratto(raw: string): number | null {
  let text = raw.replace(/[\s\u00a0\u202f€]|EUR/gi, '');
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (text.startsWith('-') || text.startsWith('+')) {
    negative = negative || text.startsWith('-');
    text = text.slice(1);
  } else if (text.endsWith('-')) {
    negative = true;
    text = text.slice(0, -1);
  }
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return null;
  const lastComma = text.lastIndexOf(',');
  const lastPoint = text.lastIndexOf('.');
  let whole = text;
  let decimals = '';
  const decimalAt = decimalMarkAt(text, lastComma, lastPoint);
  if (decimalAt >= 0) {
    whole = text.slice(0, decimalAt);
    decimals = text.slice(decimalAt + 1);
    if (!/^\d{1,2}$/.test(decimals) && !/^\d{2}0+$/.test(decimals)) return null;
  }
  // What is left of the decimal mark: digits, grouped by threes when a separator is used.
  if (!/^\d+$/.test(whole) && !/^\d{1,3}([.,]\d{3})+$/.test(whole)) return null;
  if (/[.,]/.test(whole) && new Set(whole.replace(/\d/g, '')).size > 1) return null;
  const digits = whole.replace(/[.,]/g, '');
  const cents = Number(digits) * 100 + Number((decimals + '00').slice(0, 2));
  if (!Number.isSafeInteger(cents)) return null;
  return negative && cents !== 0 ? -cents : cents;
}

/** Where the decimal mark is, or -1: the last separator, unless three digits follow it alone. */
function decimalMarkAt(text: string, lastComma: number, lastPoint: number): number {
  const last = Math.max(lastComma, lastPoint);
  if (last < 0) return -1;
  const mark = text[last];
  const sameMarks = text.split(mark).length - 1;
  const otherMark = mark === ',' ? lastPoint : lastComma;
  const after = text.length - last - 1;
  // '1.234,56' / '1,234.56': both marks, the last one is the decimal mark.
  if (otherMark >= 0) return last;
  // '1.234.567' or '1,234': only thousands.
  if (sameMarks > 1 || after === 3) return -1;
  return last;
}
