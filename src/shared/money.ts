/**
 * Money at the edges (docs/product/commissions.md#denaro-in-centesimi): decimal strings in the API and the database,
 * integer cents everywhere in between. No floating point on money.
 */
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

const amount = new Intl.NumberFormat('it-IT', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: 'always',
});

/** "€ 12,50", from a decimal string or cents. */
export function formatEuro(value: string | Cents): string {
  const cents = typeof value === 'number' ? value : toCents(value);
  return `€ ${amount.format(cents / 100)}`;
}
