/**
 * WINBOT's Italian texts: the landing's guided assistant. Part of the landing catalogue
 * (messages-landing.ts), kept in its own file because only the assistant's lazily loaded chunk
 * imports it: the wizard's first load does not carry them. See docs/product/landing.md#winbot
 */
import { SERVIZIO_TIPI, type ServizioTipo } from '#shared/domain.ts';

/** Services WINBOT explains when one is ticked: every service a practice can hold. */
export const WINBOT_EXPLAINED_SERVICES = SERVIZIO_TIPI;
export type WinbotExplainedService = ServizioTipo;

/** Labels of the five data-step checks, as the form names its fields. */
export const WINBOT_CHECK_LABELS = {
  nome: 'Nome',
  cognome: 'Cognome',
  telefono: 'Cellulare',
  email: 'Email',
  privacy: 'Consenso privacy',
} as const;

/** "a", "a e b", "a, b e c". */
export function joinItalian(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;
}

/** '10:00-11:00' → 'tra le 10:00 e le 11:00'. */
function slotRange(slot: string): string {
  const [from, to] = slot.split('-');
  return to ? `tra le ${from} e le ${to}` : `nella fascia ${slot}`;
}

export const winbotMsg = {
  name: 'WINBOT',
  assistant: 'WINBOT, il tuo assistente',

  // The two-slide welcome.
  welcomeDialog: 'Benvenuto da WINBOT',
  slideCounter: (slide: number) => `${slide} di 2`,
  slide1Title: 'Ciao! Sono WINBOT',
  slide1TitleReturning: (nome: string) => `Bentornato, ${nome}!`,
  slide1Text: 'Ti aiuto a richiedere la tua offerta in pochi minuti, senza impegno. Ecco cosa ti chiederemo:',
  slide1Steps: [
    'i servizi che ti interessano',
    'nome, cognome, cellulare ed email',
    'le bollette di luce e gas, se vuoi',
    'quando preferisci essere chiamato',
  ],
  slide1Promise: 'Un consulente ti richiama entro 24 ore.',
  next: 'Avanti',
  previous: 'Indietro',
  close: 'Chiudi',
  slide2Title: 'Come preferisci procedere?',
  slide2Text: 'Puoi cambiare idea quando vuoi dal pulsante di WINBOT in basso a destra.',
  guided: 'Guidami passo passo',
  guidedHint: 'Ti spiego ogni passaggio e ti dico cosa manca',
  autonomous: 'Compilo da solo',
  autonomousHint: 'WINBOT resta a portata di mano, senza disturbare',

  // Guide mode.
  guideDialog: 'Guida di WINBOT',
  endGuide: 'Termina guida',
  gotIt: 'Ho capito',
  discover: 'Scopri e scegli i servizi',
  scrollHint: 'Scorri per continuare',
  minimize: 'Riduci WINBOT',
  pageOf: (page: number) => `Passo ${page} di 4`,

  /** The first message of each page (initial-message), shown as a dialog. */
  intro: {
    welcome: {
      title: 'Iniziamo dai servizi',
      text: 'Scegli i servizi che ti interessano: puoi sceglierne più di uno. Quando ne selezioni uno, ti spiego in due righe di cosa si tratta.',
    },
    data: {
      title: 'Ora i tuoi dati',
      text: 'Nome, cognome, cellulare ed email servono solo per ricontattarti con la tua offerta. Ti dico io, campo per campo, cosa manca.',
    },
    upload: {
      title: 'Le tue bollette (facoltativo)',
      text: "Se hai a portata di mano l'ultima bolletta, caricala come file o scattale una foto: il consulente potrà calcolare quanto risparmi. Puoi anche saltare questo passo.",
    },
    contact: {
      title: 'Quando ti chiamiamo?',
      text: "Scegli una fascia di un'ora dalle 9:00 alle 19:00, dal lunedì al venerdì: ti chiameremo entro 24 ore in quella fascia. Anche questo passo è facoltativo.",
    },
  },

  /** Progressive guide on page 1. */
  selectingNone: {
    title: 'Scegli i servizi',
    text: 'Tocca uno o più servizi che ti interessano.',
  },
  selectingSome: {
    title: 'Ottima scelta!',
    text: (servizi: string) => `Hai scelto: ${servizi}. Quando hai finito, tocca «Richiedi l'offerta».`,
  },

  /** The service-explanation tooltip, one text per service. */
  explanationTitle: (servizio: string) => `Cos'è: ${servizio}`,
  explanations: {
    luce: "Confrontiamo le offerte di energia elettrica per la tua casa o la tua attività. Con l'ultima bolletta il consulente calcola subito quanto puoi risparmiare.",
    gas: "Offerte per il gas naturale di casa: riscaldamento, acqua calda e cucina. La bolletta ci dice quanto consumi, così l'offerta è su misura.",
    internet:
      'Internet a casa in fibra ottica, o la migliore connessione disponibile al tuo indirizzo, con le offerte degli operatori partner.',
    noleggio:
      'Auto e moto a noleggio a lungo termine: un canone mensile fisso, con assicurazione e manutenzione comprese, senza pensieri.',
    finanziamenti:
      'Prestiti personali e mutui: un consulente ti aiuta a confrontare rate, durata e condizioni, senza impegno.',
    assicurazioni:
      "Polizze per l'auto, la casa e la vita, scelte insieme a un consulente in base a ciò che vuoi proteggere.",
  } satisfies Record<WinbotExplainedService, string>,

  /** Data-step feedback (five checks). */
  dataStart: 'Inizia a compilare',
  dataStartText: 'Inserisci i tuoi dati nei campi qui sotto e accetta la privacy.',
  dataContinue: 'Continua...',
  dataContinueText: (labels: readonly string[], others: number) =>
    `Mancano ancora: ${joinItalian(others > 0 ? [...labels, others === 1 ? 'un altro campo' : `altri ${others} campi`] : labels)}.`,
  dataAlmost: 'Quasi fatto!',
  dataAlmostText: (labels: readonly string[]) => `Manca solo: ${joinItalian(labels)}.`,
  dataDone: 'Perfetto!',
  dataDoneText: "I tuoi dati sono completi: tocca «Ottieni l'offerta».",

  /** Upload-step feedback. */
  uploadNotNeeded: 'Nessuna fattura da caricare',
  uploadNotNeededText: 'Per i servizi che hai scelto non servono fatture.',
  uploadDone: 'Fatture pronte!',
  uploadDoneText: 'Il consulente avrà tutto per calcolare la tua offerta. Tocca il pulsante per continuare.',
  uploadPartial: 'Ne manca una',
  uploadPartialText: (caricata: string, mancante: string) =>
    `Hai aggiunto la fattura ${caricata}. Se puoi, aggiungi anche quella ${mancante}, oppure continua così.`,
  uploadNone: 'Fatture facoltative',
  uploadNoneText:
    "Carica una fattura come file o con una foto per un'offerta più precisa, oppure continua senza.",
  billOf: { luce: 'della luce', gas: 'del gas' },

  /** Contact-step feedback, on the ten one-hour slots of the wizard. */
  contactNone: 'Scegli quando chiamarti',
  contactNoneText:
    "Tocca una fascia di un'ora dalle 9:00 alle 19:00, dal lunedì al venerdì, oppure continua senza sceglierla.",
  contactChosen: 'Fascia scelta',
  contactChosenText: (slot: string) =>
    `Ti chiameremo ${slotRange(slot)}, dal lunedì al venerdì. Tocca «Ottieni la tua offerta» per inviare.`,

  /** After the submission. */
  complete: 'Richiesta inviata!',
  completeText: 'Un consulente ti chiamerà entro 24 ore. Grazie per aver usato WINBOT!',

  /** The bottom tooltip: the next action of each page. */
  nextAction: {
    1: "Quando hai scelto, tocca «Richiedi l'offerta».",
    2: "Poi tocca «Ottieni l'offerta».",
    3: 'Poi tocca il pulsante per continuare.',
    4: 'Infine tocca il pulsante per inviare la richiesta.',
  } as Record<number, string>,

  // Minimised mode.
  openMenu: 'Apri il menu di WINBOT',
  menuLabel: 'Menu di WINBOT',
  menuGreeting: 'Come posso aiutarti?',
  menuGreetingNamed: (nome: string) => `Ciao ${nome}, come posso aiutarti?`,
  menuRestart: 'Riavvia la guida',
  menuWelcome: 'Rivedi il benvenuto',
  menuClose: 'Chiudi WINBOT',
} as const;
