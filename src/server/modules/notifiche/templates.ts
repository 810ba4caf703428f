import { LEAD_CONTACT_PROMISE_HOURS } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { landingMsg } from '#shared/messages-landing.ts';
import { formatEuro } from '#shared/money.ts';
import { servizioLabel } from '#shared/servizi-catalogo.ts';
import { romeParts } from '#shared/time.ts';

/**
 * The e-mails, as plain functions from data to subject, plain text and HTML (docs/product/notifications.md).
 * Every value goes through one renderer that escapes it, so a customer's name can never become
 * markup. The HTML is one narrow column with inline styles: readable on a phone, no remote
 * images, no tracking, nothing that needs a stylesheet.
 */
export interface RenderedEmail {
  oggetto: string;
  testo: string;
  html: string;
}

/** Text, or a link (http(s), tel:) with its text. */
export type Inline = string | { text: string; href: string };

export type Block =
  | { kind: 'p'; text: Inline[] }
  | { kind: 'rows'; rows: Array<[label: string, value: Inline]> }
  | { kind: 'list'; items: Inline[][] }
  | { kind: 'button'; text: string; href: string };

const p = (...text: Inline[]): Block => ({ kind: 'p', text });

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * A `tel:` link for a phone typed by a customer: only digits and a leading +, so that whatever
 * they typed ("333 12.34.567", "+39 (02) …") dials, and nothing else can get into the href.
 */
export function telHref(telefono: string): string | null {
  const trimmed = telefono.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < 3) return null;
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

function phoneInline(telefono: string): Inline {
  const href = telHref(telefono);
  return href ? { text: telefono, href } : telefono;
}

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const LINK_STYLE = 'color:#1d4ed8;text-decoration:underline;';

function inlineHtml(parts: Inline[]): string {
  return parts
    .map((part) =>
      typeof part === 'string'
        ? escapeHtml(part)
        : `<a href="${escapeHtml(part.href)}" style="${LINK_STYLE}">${escapeHtml(part.text)}</a>`,
    )
    .join('');
}

function inlineText(parts: Inline[]): string {
  return parts
    .map((part) => {
      if (typeof part === 'string') return part;
      // A phone reads as itself; a web link is written out after its text.
      if (part.href.startsWith('tel:')) return part.text;
      return part.text === part.href ? part.href : `${part.text}: ${part.href}`;
    })
    .join('');
}

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'p':
      return `<p style="margin:0 0 16px;">${inlineHtml(block.text)}</p>`;
    case 'rows':
      return (
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse;">` +
        block.rows
          .map(
            ([label, value]) =>
              `<tr><td style="padding:6px 0;border-bottom:1px solid #e5e7eb;"><div style="font-size:13px;color:#6b7280;">${escapeHtml(label)}</div><div style="font-size:16px;color:#111827;word-break:break-word;">${inlineHtml([value])}</div></td></tr>`,
          )
          .join('') +
        `</table>`
      );
    case 'list':
      return (
        `<ul style="margin:0 0 16px;padding:0 0 0 20px;">` +
        block.items.map((item) => `<li style="margin:0 0 10px;">${inlineHtml(item)}</li>`).join('') +
        `</ul>`
      );
    case 'button':
      return `<p style="margin:8px 0 20px;"><a href="${escapeHtml(block.href)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px;">${escapeHtml(block.text)}</a></p>`;
  }
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'p':
      return inlineText(block.text);
    case 'rows':
      return block.rows.map(([label, value]) => `${label}: ${inlineText([value])}`).join('\n');
    case 'list':
      return block.items.map((item) => `- ${inlineText(item)}`).join('\n');
    case 'button':
      return `${block.text}: ${block.href}`;
  }
}

/** The one layout of every message: brand line, content, a footer saying why it arrived. */
export function renderEmail(input: {
  oggetto: string;
  /** The first line a mail client shows in the inbox list. */
  anteprima: string;
  blocks: Block[];
  footer: Inline[];
}): RenderedEmail {
  const { anteprima, blocks, footer } = input;
  // A subject is one header line, whatever a customer typed into their name.
  const oggetto = input.oggetto.replace(/[\r\n\t]+/g, ' ').trim();
  const html = `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(oggetto)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(anteprima)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;">
<tr><td align="center" style="padding:12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;border:1px solid #e5e7eb;">
<tr><td style="padding:16px 20px;border-bottom:1px solid #e5e7eb;font:700 18px/1.3 ${FONT};color:#1d4ed8;letter-spacing:0.5px;">WINSOLUTION</td></tr>
<tr><td style="padding:20px;font:16px/1.5 ${FONT};color:#111827;">
${blocks.map(blockHtml).join('\n')}
</td></tr>
<tr><td style="padding:14px 20px;border-top:1px solid #e5e7eb;font:13px/1.4 ${FONT};color:#6b7280;">${inlineHtml(footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const testo = `${blocks.map(blockText).join('\n\n')}\n\n--\n${inlineText(footer)}\n`;
  return { oggetto, testo, html };
}

// ---------------------------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------------------------

const two = (n: number) => String(n).padStart(2, '0');

/** dd/MM/yyyy alle HH:mm on the Rome clock. */
export function formatRomeDayTime(date: Date): string {
  const q = romeParts(date);
  return `${two(q.day)}/${two(q.month)}/${q.year} alle ${two(q.hour)}:${two(q.minute)}`;
}

function serviziLabel(tipi: readonly string[]): string {
  return tipi.map(servizioLabel).join(', ');
}

const fullName = (nome: string, cognome: string) => `${nome} ${cognome}`.trim();

function staffFooter(profiloUrl: string): Inline[] {
  return [
    'Ricevi questa e-mail per il tuo ruolo in WINSOLUTION. Puoi scegliere quali avvisi ricevere dal ',
    { text: 'tuo profilo', href: profiloUrl },
    '.',
  ];
}

// ---------------------------------------------------------------------------------------------
// The messages
// ---------------------------------------------------------------------------------------------

export interface NuovoLeadInput {
  destinatarioNome: string;
  cliente: { nome: string; cognome: string; telefono: string; email: string };
  nomeAttivita: string;
  servizi: readonly string[];
  orarioContatto: string | null;
  /** A returning customer: same phone or e-mail as an earlier lead. */
  isExistingLead: boolean;
  leadUrl: string;
  profiloUrl: string;
}

/** To the staff who must call the customer back: everything needed to call, one tap away. */
export function nuovoLeadEmail(input: NuovoLeadInput): RenderedEmail {
  const nome = fullName(input.cliente.nome, input.cliente.cognome);
  return renderEmail({
    oggetto: `Nuovo lead: ${nome} (${input.nomeAttivita})`,
    anteprima: `${nome} attende una chiamata entro ${LEAD_CONTACT_PROMISE_HOURS} ore.`,
    blocks: [
      p(`Ciao ${input.destinatarioNome},`),
      p(
        input.isExistingLead
          ? `un cliente già registrato ha fatto una nuova richiesta dalla landing di ${input.nomeAttivita}.`
          : `un nuovo cliente ha lasciato i suoi dati sulla landing di ${input.nomeAttivita}.`,
        ` Gli abbiamo promesso una chiamata entro ${LEAD_CONTACT_PROMISE_HOURS} ore.`,
      ),
      {
        kind: 'rows',
        rows: [
          ['Cliente', nome],
          ['Telefono', phoneInline(input.cliente.telefono)],
          ['Email', input.cliente.email],
          ['Fascia oraria per la chiamata', input.orarioContatto ?? 'Nessuna preferenza'],
          ['Servizi richiesti', serviziLabel(input.servizi)],
        ],
      },
      { kind: 'button', text: 'Apri il lead', href: input.leadUrl },
    ],
    footer: staffFooter(input.profiloUrl),
  });
}

export interface ConfermaClienteInput {
  nome: string;
  nomeAttivita: string;
  /** telefono null: nobody has one to give, we call them (docs/product/landing.md#consulente). */
  consulente: { nome: string; telefono: string | null };
  servizi: readonly string[];
  orarioContatto: string | null;
  /** The privacy notice they accepted, as a page (docs/privacy.md#informativa). */
  informativaUrl: string;
}

/**
 * To the customer: their request arrived. Only the shop's name and the consultant's contact from
 * our side, and nothing of theirs beyond their first name, the services and the slot they chose.
 */
export function confermaClienteEmail(input: ConfermaClienteInput): RenderedEmail {
  return renderEmail({
    oggetto: `Richiesta ricevuta - ${input.nomeAttivita}`,
    anteprima: `Ti contatteremo entro ${LEAD_CONTACT_PROMISE_HOURS} ore.`,
    blocks: [
      p(`Ciao ${input.nome},`),
      p(
        `abbiamo ricevuto la tua richiesta presso ${input.nomeAttivita}. Ti contatteremo entro ${LEAD_CONTACT_PROMISE_HOURS} ore`,
        input.orarioContatto ? `, nella fascia oraria che hai scelto (${input.orarioContatto}).` : '.',
      ),
      {
        kind: 'rows',
        rows: [
          ['Richiesta ricevuta da', input.nomeAttivita],
          ['Il tuo consulente', input.consulente.nome],
          ...(input.consulente.telefono
            ? [['Telefono del consulente', phoneInline(input.consulente.telefono)] as [string, Inline]]
            : []),
          ['Servizi richiesti', serviziLabel(input.servizi)],
        ],
      },
      p(
        input.consulente.telefono
          ? 'Per qualsiasi domanda puoi chiamare direttamente il tuo consulente.'
          : `${landingMsg.noPhone}: il tuo consulente ti telefonerà al numero che hai indicato.`,
      ),
      p(
        'Come trattiamo i tuoi dati: ',
        { text: "leggi l'informativa privacy", href: input.informativaUrl },
        '.',
      ),
    ],
    footer: [
      `Ricevi questa e-mail perché hai inviato una richiesta dalla pagina di ${input.nomeAttivita}. Se non sei stato tu, puoi ignorarla.`,
    ],
  });
}

export interface LeadInRitardo {
  nome: string;
  cognome: string;
  telefono: string;
  nomeAttivita: string | null;
  dataRegistrazione: Date;
  url: string;
}

export interface RiepilogoRitardiInput {
  destinatarioNome: string;
  /** 'rete' for admin and amministrazione, who see every point. */
  ambito: 'punti' | 'rete';
  /** The listed leads, longest waiting first; at most a page of them. */
  leads: LeadInRitardo[];
  /** All the overdue leads of the person's scope (may exceed the listed ones). */
  totale: number;
  leadsUrl: string;
  profiloUrl: string;
}

/** The working morning's digest: the leads of one's scope still waiting past the promise. */
export function riepilogoRitardiEmail(input: RiepilogoRitardiInput): RenderedEmail {
  const { totale } = input;
  const quanti = totale === 1 ? '1 lead attende' : `${totale} lead attendono`;
  const others = totale - input.leads.length;
  return renderEmail({
    oggetto: `${quanti} una chiamata da oltre ${LEAD_CONTACT_PROMISE_HOURS} ore`,
    anteprima: `Promessa di richiamata non mantenuta per ${totale === 1 ? '1 cliente' : `${totale} clienti`}.`,
    blocks: [
      p(`Buongiorno ${input.destinatarioNome},`),
      p(
        input.ambito === 'rete' ? 'in tutti i punti fisici ' : 'nei tuoi punti fisici ',
        totale === 1
          ? `1 lead è ancora "Nuovo" da oltre ${LEAD_CONTACT_PROMISE_HOURS} ore:`
          : `${totale} lead sono ancora "Nuovo" da oltre ${LEAD_CONTACT_PROMISE_HOURS} ore:`,
      ),
      {
        kind: 'list',
        items: input.leads.map((lead) => [
          { text: fullName(lead.nome, lead.cognome), href: lead.url },
          ' - ',
          phoneInline(lead.telefono),
          lead.nomeAttivita ? ` - ${lead.nomeAttivita}` : '',
          ` - dal ${formatRomeDayTime(lead.dataRegistrazione)}`,
        ]),
      },
      ...(others > 0 ? [p(others === 1 ? 'e 1 altro.' : `e altri ${others}.`)] : []),
      p('Quando li hai chiamati, segna lo stato di contatto nella scheda del lead.'),
      { kind: 'button', text: 'Apri la lista dei lead', href: input.leadsUrl },
    ],
    footer: staffFooter(input.profiloUrl),
  });
}

export interface EsitoServizioBase {
  destinatarioNome: string;
  cliente: { nome: string; cognome: string };
  nomeAttivita: string;
  praticaId: number;
  tipoServizio: string;
  fornitoreNome: string | null;
  profiloUrl: string;
}

/** A service of the person's practice completed, with the person's own commission only. */
export function servizioCompletatoEmail(
  input: EsitoServizioBase & {
    /** The recipient's own amount, decimal string ("40.00"). */
    importo: string;
    commissioniUrl: string;
  },
): RenderedEmail {
  const servizio = servizioLabel(input.tipoServizio);
  const nome = fullName(input.cliente.nome, input.cliente.cognome);
  return renderEmail({
    oggetto: `Servizio completato: ${servizio} di ${nome}`,
    anteprima: `La tua commissione: ${formatEuro(input.importo)}.`,
    blocks: [
      p(`Ciao ${input.destinatarioNome},`),
      p(`il servizio ${servizio} della pratica #${input.praticaId} è stato completato.`),
      {
        kind: 'rows',
        rows: [
          ['Cliente', nome],
          ['Punto fisico', input.nomeAttivita],
          ['Servizio', input.fornitoreNome ? `${servizio} - ${input.fornitoreNome}` : servizio],
          ['La tua commissione', formatEuro(input.importo)],
        ],
      },
      { kind: 'button', text: 'Vedi le tue commissioni', href: input.commissioniUrl },
    ],
    footer: staffFooter(input.profiloUrl),
  });
}

/** A service of the person's practice went KO, with the reason. */
export function servizioKoEmail(
  input: EsitoServizioBase & { motivazione: string; leadUrl: string },
): RenderedEmail {
  const servizio = servizioLabel(input.tipoServizio);
  const nome = fullName(input.cliente.nome, input.cliente.cognome);
  const motivo = msg.servizio.koLabels[input.motivazione] ?? input.motivazione;
  return renderEmail({
    oggetto: `Servizio in KO: ${servizio} di ${nome}`,
    anteprima: `Motivazione: ${motivo}.`,
    blocks: [
      p(`Ciao ${input.destinatarioNome},`),
      p(`il servizio ${servizio} della pratica #${input.praticaId} è passato in KO.`),
      {
        kind: 'rows',
        rows: [
          ['Cliente', nome],
          ['Punto fisico', input.nomeAttivita],
          ['Servizio', input.fornitoreNome ? `${servizio} - ${input.fornitoreNome}` : servizio],
          ['Motivazione', motivo],
        ],
      },
      { kind: 'button', text: 'Apri il lead', href: input.leadUrl },
    ],
    footer: staffFooter(input.profiloUrl),
  });
}

export interface CallInvitationInput {
  destinatarioNome: string;
  cliente: string;
  telefono: string;
  quando: Date;
  leadUrl: string;
  profiloUrl: string;
}

/**
 * To the consultant, with the calendar invitation attached: a recall they scheduled, or the slot a
 * customer chose (docs/product/calls.md#calendario).
 */
export function callInvitationEmail(input: CallInvitationInput): RenderedEmail {
  const inv = msg.chiamate.invito;
  const quando = formatRomeDayTime(input.quando);
  return renderEmail({
    oggetto: inv.oggetto(input.cliente, quando),
    anteprima: inv.testo(input.cliente, quando),
    blocks: [
      p(`Ciao ${input.destinatarioNome},`),
      p(inv.testo(input.cliente, quando)),
      {
        kind: 'rows',
        rows: [
          ['Cliente', input.cliente],
          ['Telefono', phoneInline(input.telefono)],
          ['Quando', quando],
        ],
      },
      { kind: 'button', text: 'Apri il lead', href: input.leadUrl },
    ],
    footer: staffFooter(input.profiloUrl),
  });
}
