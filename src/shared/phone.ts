import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { PHONE_METADATA } from '#shared/phone-metadata.ts';

/**
 * A phone as every screen shows it, back-office and landing alike: the international format
 * (`+39 333 123 4567`, `+39 02 1234 5678`) for an Italian number, however it was typed; anything
 * else (a foreign number, a number too short to be one, a text) exactly as typed. The stored value
 * stays as typed; searches and duplicates use normalizeTelefono (domain.ts). Only +39's metadata
 * is shipped, to keep the landing small (docs/product/phones.md).
 */
export function formatPhone(typed: string): string {
  const text = typed.trim();
  const phone = parsePhoneNumberFromString(text, 'IT', PHONE_METADATA);
  return phone?.isPossible() ? phone.formatInternational() : text;
}

/** The `tel:` link of a phone: its E.164 form when it is Italian, else its digits and `+`. */
export function phoneHref(typed: string): string {
  const phone = parsePhoneNumberFromString(typed.trim(), 'IT', PHONE_METADATA);
  return `tel:${phone?.isPossible() ? phone.number : typed.replace(/[^\d+]/g, '')}`;
}
