/**
 * Every text the product description gives for the landing and WINBOT is in the catalogue, to the
 * letter (docs/product/landing.md). A rewording, a typographic ellipsis for '...' or a changed
 * capital fails here.
 */
import { describe, expect, it } from 'vitest';
import { landingMsg } from '#shared/messages-landing.ts';
import { winbotMsg } from '#shared/messages-winbot.ts';

/** Every text of a catalogue: strings, arrays, nested objects, and templates filled with `{name}` markers. */
function texts(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (typeof value === 'function') {
    const names = /^\(?([^)=]*)\)?\s*=>/.exec(String(value))?.[1] ?? '';
    const args = names
      .split(',')
      .map((n) => n.split(':')[0].trim())
      .filter(Boolean)
      .map((n) => `{${n}}`);
    // Templates taking other than text (counts, lists) hold no text of the description.
    try {
      out.add(String((value as (...a: string[]) => unknown)(...args)));
    } catch {
      /* not a text template */
    }
  } else if (Array.isArray(value)) for (const v of value) texts(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) texts(v, out);
  return out;
}

const LANDING_TEXTS = [
  // Page, not found, footer
  'Pagina non trovata',
  'La landing page richiesta non esiste o non è più disponibile.',
  'Partner',
  'Powered by',
  // Step 1
  'Scegli i tuoi servizi',
  'Seleziona uno o più servizi di interesse',
  "Richiedi l'offerta",
  'Prossimamente disponibili',
  'In Arrivo',
  // Step 2
  'I tuoi dati',
  'Accetto la Privacy Policy e autorizzo il trattamento dei miei dati personali per essere ricontattato.',
  '← Torna ai Servizi',
  "Ottieni l'offerta",
  'Inserisci il tuo nome',
  'Inserisci il tuo cognome',
  'Inserisci il tuo recapito telefonico',
  'Inserisci la tua email',
  'Inserisci un indirizzo email valido',
  'Seleziona almeno un servizio',
  'Devi accettare la privacy policy per continuare',
  // Step 3
  'Carica le tue fatture',
  'FACOLTATIVO',
  'Salta e continua senza il caricamento delle fatture',
  "Riceverai ugualmente un'offerta personalizzata",
  'Ho un unico documento per entrambi i servizi',
  'File',
  'Scatta una Foto',
  'Prima pagina con i tuoi dati personali',
  'Seconda pagina con i consumi dettagliati',
  'Annulla',
  'Continua al passo successivo',
  'Continua con upload parziale',
  'Continua senza caricare le fatture',
  'Caricamento foto in corso...',
  'Invio in corso...',
  // Step 4
  'Quando ti possiamo chiamare?',
  'Dalle 9:00 alle 19:00, dal lunedì al venerdì',
  'Ti contatteremo nella fascia oraria: {slot}',
  'Ottieni la tua offerta',
  'Continua senza scegliere la fascia oraria',
  // Confirmation
  'Richiesta Inviata!',
  'Sarai contattato da {consulente}',
  'Salva in Rubrica',
  'Ti contatteremo entro 24 ore',
  // Failures the customer sees
  'Riprova',
];

const WINBOT_TEXTS = [
  'Termina guida',
  'Ho capito',
  'Scorri per continuare',
  'Scopri e scegli i servizi',
  'Inizia a compilare',
  'Continua...',
  'Quasi fatto!',
  'Perfetto!',
];

describe('the landing catalogue holds every text of the product description, to the letter', () => {
  const landing = texts(landingMsg);
  it.each(LANDING_TEXTS)('landing: %s', (text) => expect(landing).toContain(text));

  const winbot = texts(winbotMsg);
  it.each(WINBOT_TEXTS)('WINBOT: %s', (text) => expect(winbot).toContain(text));

  it('WINBOT explains each of luce, gas, internet, noleggio, finanziamenti, assicurazioni', () => {
    expect(Object.keys(winbotMsg.explanations).sort()).toEqual(
      ['assicurazioni', 'finanziamenti', 'gas', 'internet', 'luce', 'noleggio'].sort(),
    );
    for (const text of Object.values(winbotMsg.explanations)) expect(text.length).toBeGreaterThan(40);
  });
});
