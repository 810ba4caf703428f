import { landingMsg } from '#shared/messages-landing.ts';

/** Escapes a vCard 3.0 text value (RFC 2426 §4): backslash, comma, semicolon, newline. */
function escape(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/,/g, '\\,').replace(/;/g, '\\;');
}

export interface VCardContact {
  /** Full name as shown, "Nome Cognome". */
  fullName: string;
  /** null: the card carries no TEL line, and says we call (docs/product/landing.md#consulente). */
  telefono: string | null;
  organizzazione?: string;
}

/** A vCard 3.0 contact, CRLF line endings, as phones' address books import it. */
export function buildVCard(contact: VCardContact): string {
  const parts = contact.fullName.trim().split(/\s+/);
  const given = parts.length > 1 ? parts.slice(0, -1).join(' ') : (parts[0] ?? '');
  const family = parts.length > 1 ? parts[parts.length - 1] : '';
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${escape(family)};${escape(given)};;;`,
    `FN:${escape(contact.fullName.trim())}`,
    ...(contact.organizzazione ? [`ORG:${escape(contact.organizzazione)}`] : []),
    'TITLE:Consulente',
    ...(contact.telefono
      ? [`TEL;TYPE=CELL,VOICE:${contact.telefono.replace(/[^\d+]/g, '')}`]
      : [`NOTE:${escape(landingMsg.noPhone)}`]),
    'END:VCARD',
  ];
  return `${lines.join('\r\n')}\r\n`;
}

export function vcardFileName(fullName: string): string {
  const base = fullName
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-');
  return `${base || 'contatto'}.vcf`;
}

/** Triggers the download of the contact card. */
export function downloadVCard(contact: VCardContact): void {
  const blob = new Blob([buildVCard(contact)], { type: 'text/vcard;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = vcardFileName(contact.fullName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
