/**
 * The privacy notice of the landing (art. 13 GDPR), in Italian: loaded only with the notice, never
 * on the wizard's first load. The controller's data come from the admin's Impostazioni, the
 * retention period from the privacy settings (docs/privacy.md#informativa). A change to this text
 * is a new PRIVACY_NOTICE_VERSION (src/shared/domain.ts).
 */
export interface InformativaDati {
  titolare: { nome: string; indirizzo: string; email: string; dpo: string };
  conservazioneLeadMesi: number;
  versione: string;
  /** The point the customer is on, if any. */
  nomeAttivita?: string;
  /** 'gg/mm/aaaa' of the current version, if the admin changed it. */
  aggiornataIl?: string;
}

export interface InformativaSezione {
  titolo: string;
  paragrafi: string[];
  punti?: string[];
}

const NON_INDICATO = '[non ancora indicato]';

const or = (value: string) => value.trim() || NON_INDICATO;

export const informativaMsg = {
  title: 'Informativa sul trattamento dei dati personali',
  subtitle: 'ai sensi dell’art. 13 del Regolamento (UE) 2016/679 (GDPR)',
  incompleta:
    'Il titolare non ha ancora indicato tutti i suoi dati: per qualsiasi domanda rivolgiti al personale del punto vendita.',
  versione: (d: InformativaDati) =>
    `Versione ${d.versione}${d.aggiornataIl ? `, aggiornata il ${d.aggiornataIl}` : ''}.`,
  sezioni: (d: InformativaDati): InformativaSezione[] => {
    const contatto = d.titolare.email.trim()
      ? `scrivendo a ${d.titolare.email.trim()}`
      : 'rivolgendoti al titolare';
    return [
      {
        titolo: '1. Titolare del trattamento',
        paragrafi: [
          `Il titolare del trattamento è ${or(d.titolare.nome)}, con sede in ${or(d.titolare.indirizzo)}, e-mail ${or(d.titolare.email)}.`,
          d.titolare.dpo.trim()
            ? `Responsabile della protezione dei dati (DPO): ${d.titolare.dpo.trim()}.`
            : 'Il titolare non ha designato un responsabile della protezione dei dati (DPO).',
        ],
      },
      {
        titolo: '2. Quali dati trattiamo',
        paragrafi: [
          'I dati che inserisci in questa pagina: nome, cognome, cellulare, e-mail, i servizi che ti interessano, la fascia oraria in cui preferisci essere chiamato e, se decidi di caricarle, le bollette. Al momento dell’invio registriamo anche l’indirizzo IP, il tipo di browser, la data e il testo del consenso che hai accettato.',
        ],
      },
      {
        titolo: '3. Perché li trattiamo',
        paragrafi: [
          `Per ricontattarti e prepararti l’offerta che hai richiesto sui servizi scelti${d.nomeAttivita ? `, tramite il punto vendita ${d.nomeAttivita}` : ''}, anche leggendo le bollette che hai caricato. Per conservare la prova del consenso che hai dato. Non usiamo i tuoi dati per altre finalità, né per pubblicità di altri servizi.`,
        ],
      },
      {
        titolo: '4. Basi giuridiche',
        paragrafi: [],
        punti: [
          'il tuo consenso, dato con la casella di questa pagina (art. 6, par. 1, lett. a GDPR): puoi revocarlo in ogni momento, senza effetti sui trattamenti già fatti;',
          'le misure precontrattuali adottate su tua richiesta, cioè preparare l’offerta e, se lo vorrai, il contratto (art. 6, par. 1, lett. b);',
          'il legittimo interesse del titolare a dimostrare il consenso ricevuto e a difendersi in caso di contestazioni (art. 6, par. 1, lett. f).',
        ],
      },
      {
        titolo: '5. Conferimento',
        paragrafi: [
          'Nome, cognome, cellulare ed e-mail servono per ricontattarti: senza, non possiamo preparare l’offerta. Le bollette e la fascia oraria sono facoltative.',
        ],
      },
      {
        titolo: '6. A chi comunichiamo i dati',
        paragrafi: [],
        punti: [
          'al personale del punto vendita e ai consulenti del titolare che seguono la tua richiesta;',
          'ai fornitori dei servizi (energia, gas, internet, noleggio) solo se sottoscrivi un contratto con loro, e solo i dati necessari ad attivarlo;',
          'ai fornitori tecnici del titolare (server, posta elettronica), come responsabili del trattamento vincolati da contratto.',
        ],
      },
      {
        titolo: '7. Per quanto tempo',
        paragrafi: [
          `Se non diventi cliente, i tuoi dati vengono resi anonimi ${d.conservazioneLeadMesi} ${d.conservazioneLeadMesi === 1 ? 'mese' : 'mesi'} dopo la tua ultima richiesta. Se sottoscrivi un contratto, i dati della pratica restano per la durata del rapporto e per il tempo previsto dagli obblighi di legge (ad esempio fiscali). La prova del consenso resta in forma pseudonimizzata, cioè senza il tuo nome né i tuoi recapiti in chiaro.`,
        ],
      },
      {
        titolo: '8. I tuoi diritti',
        paragrafi: [
          `Puoi chiedere in ogni momento di accedere ai tuoi dati, correggerli, cancellarli, limitarne il trattamento, riceverli in un formato leggibile da un computer (portabilità) e opporti al trattamento (artt. 15–21 GDPR), oltre a revocare il consenso, ${contatto}${d.titolare.dpo.trim() ? ' o al DPO' : ''}. Ti rispondiamo entro un mese.`,
        ],
      },
      {
        titolo: '9. Reclamo al Garante',
        paragrafi: [
          'Se ritieni che il trattamento violi le norme, puoi proporre reclamo al Garante per la protezione dei dati personali (www.garanteprivacy.it, Piazza Venezia 11, 00187 Roma).',
        ],
      },
    ];
  },
} as const;

/** Whether the admin has given the controller's name, address and e-mail. */
export function isInformativaCompleta(d: Pick<InformativaDati, 'titolare'>): boolean {
  return Boolean(d.titolare.nome.trim() && d.titolare.indirizzo.trim() && d.titolare.email.trim());
}
