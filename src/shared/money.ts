/**
 * Money at the edges (docs/product/commissions.md#denaro-in-centesimi): decimal strings in the API and the database,
 * integer cents everywhere in between. No floating point on money.
 */

import { onFirstUse } from '#shared/on-first-use.ts';

export type Cents = number;

export function toCents(value: string | number | null | undefined): Cents {
  if (value == null || value === '') return 0;
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const match = /^(-)?(\d+)(?:\.(\d{1,}))?$/.exec(text);
  if (!match) throw new Error(`Importo non valido: ${text}`);
  const [, sign, whole, frac = ''] = match;
  const padded = (frac + '00').slice(0, 3);
  // Round half away from zero on the third decimal, as a bank would.
  let cents = Number(whole) * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1;
  return sign ? -cents : cents;
}

export function fromCents(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A decimal string as the database's numeric(12,2) writes it, e.g. "30.00" or "-4.50". */
const TWO_DECIMALS = /^-?(?:0|[1-9]\d*)\.\d\d$/;

/**
 * A decimal string in the API's form, "30.00": from "30", "30.5" or the database's numeric
 * text. The database's own text is already in that form and is passed through (lists map
 * thousands of amounts per page).
 */
export function normalizeMoney(value: string): string {
  return TWO_DECIMALS.test(value) && value !== '-0.00' ? value : fromCents(toCents(value));
}

const amount = onFirstUse(
  () =>
    new Intl.NumberFormat('it-IT', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: 'always',
    }),
);

/** "€ 12,50", from a decimal string or cents. */
export function formatEuro(value: string | Cents): string {
  const cents = typeof value === 'number' ? value : toCents(value);
  return `€ ${amount().format(cents / 100)}`;
}

const compactAmount = onFirstUse(
  () =>
    new Intl.NumberFormat('it-IT', {
      notation: 'compact',
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
      // An amount that rounds to zero reads '0 €', not '-0 €'.
      signDisplay: 'negative',
    }),
);

/**
 * An amount in a few characters, for a place too narrow for the exact one (a chart's column):
 * "19,2 Mln €", "5,9K €", "950 €". Rounded, so the exact amount (formatEuro) goes beside it.
 */
export function formatEuroCompact(value: string | Cents): string {
  const cents = typeof value === 'number' ? value : toCents(value);
  return compactAmount().format(cents / 100);
}

const inputAmount = onFirstUse(
  () =>
    new Intl.NumberFormat('it-IT', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: true,
    }),
);

/**
 * What an amount field shows for a decimal string: '30,00', '1.234,56' (it-IT, no currency
 * sign: the field carries it). Text that is not an amount is returned as it is.
 */
export function formatAmountInput(value: string | null | undefined): string {
  if (value == null || value.trim() === '') return '';
  try {
    return inputAmount().format(toCents(value) / 100);
  } catch {
    return value;
  }
}

/**
 * An amount as a person types it, to the API's decimal string: '30' → '30.00', '30,5' →
 * '30.50', '1.234,56' → '1234.56', '30.50' → '30.50' (a dot followed by one or two digits is
 * a decimal point: people type it that way too), '€ 12' → '12.00'. With a comma, dots can only
 * be thousands separators; without one, dots followed by groups of three digits are too
 * ('1.234' → '1234.00'). Null when it is not an amount with at most two decimals.
 */
export function parseAmountInput(text: string, { allowNegative = false } = {}): string | null {
  let value = text.replace(/[€\s\u00a0]/g, '');
  let negative = false;
  if (/^[-−]/.test(value)) {
    negative = true;
    value = value.slice(1);
  }
  if (value === '' || (negative && !allowNegative)) return null;
  let whole: string;
  let frac = '';
  if (value.includes(',')) {
    const match = /^(\d{1,3}(?:\.\d{3})+|\d+),(\d{0,2})$/.exec(value);
    if (!match) return null;
    whole = match[1].replace(/\./g, '');
    frac = match[2];
  } else if (/^\d{1,3}(\.\d{3})+$/.test(value)) {
    whole = value.replace(/\./g, '');
  } else {
    const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
    if (!match) return null;
    whole = match[1];
    frac = match[2] ?? '';
  }
  if (whole.length > 10) return null;
  const cents = Number(whole) * 100 + Number((frac + '00').slice(0, 2));
  return fromCents(negative ? -cents : cents);
}
