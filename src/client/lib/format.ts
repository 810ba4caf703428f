import { onFirstUse } from '#shared/on-first-use.ts';
import { toCents } from '#shared/money.ts';
import { TIME_ZONE } from '#shared/time.ts';

export { formatEuro, formatEuroCompact } from '#shared/money.ts';

const dayOptions: Intl.DateTimeFormatOptions = {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
};
const dateTimeFormatter = onFirstUse(
  () =>
    new Intl.DateTimeFormat('it-IT', {
      ...dayOptions,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }),
);
const dateFormatter = onFirstUse(() => new Intl.DateTimeFormat('it-IT', dayOptions));

/** dd/MM/yyyy in Europe/Rome. */
export function formatDate(value: string | Date): string {
  return dateFormatter().format(new Date(value));
}

/** it-IT date and time with seconds, Europe/Rome. */
export function formatDateTime(value: string | Date): string {
  return dateTimeFormatter().format(new Date(value));
}

/** First letters of first and last name, else of the e-mail, else 'U'. See docs/product/screens.md#barra-laterale */
export function initialsOf(
  user: { firstName?: string | null; lastName?: string | null; email?: string | null } | null | undefined,
) {
  const first = user?.firstName?.trim()?.[0];
  const last = user?.lastName?.trim()?.[0];
  if (first && last) return `${first}${last}`.toUpperCase();
  const email = user?.email?.trim()?.[0];
  return email ? email.toUpperCase() : 'U';
}

/** Full name, else e-mail, else 'Utente'. */
export function displayNameOf(
  user: { firstName?: string | null; lastName?: string | null; email?: string | null } | null | undefined,
) {
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim();
  return name || user?.email || 'Utente';
}

const percentFormatter = onFirstUse(
  () =>
    new Intl.NumberFormat('it-IT', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);

/** "12,50%" from a decimal string ("12.50") or hundredths of a point (1250). */
export function formatPercent(value: string | number): string {
  const hundredths = typeof value === 'number' ? value : toCents(value);
  return `${percentFormatter().format(hundredths / 100)}%`;
}
