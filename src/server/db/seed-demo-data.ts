/** Italian names, places and shops the demo data is drawn from (scripts/seed-demo.ts). */

export const NOMI = [
  'Giulia', 'Francesca', 'Chiara', 'Sara', 'Martina', 'Valentina', 'Alessia', 'Elisa', 'Federica', 'Silvia',
  'Laura', 'Paola', 'Anna', 'Maria', 'Elena', 'Roberta', 'Simona', 'Giorgia', 'Claudia', 'Monica',
  'Marco', 'Alessandro', 'Andrea', 'Luca', 'Matteo', 'Francesco', 'Lorenzo', 'Davide', 'Simone', 'Federico',
  'Giuseppe', 'Antonio', 'Giovanni', 'Roberto', 'Stefano', 'Paolo', 'Riccardo', 'Fabio', 'Massimo', 'Daniele',
  'Salvatore', 'Vincenzo', 'Gabriele', 'Emanuele', 'Nicola', 'Pietro', 'Tommaso', 'Carlo', 'Angela', 'Rosa',
] as const;

export const COGNOMI = [
  'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco',
  'Bruno', 'Gallo', 'Conti', 'De Luca', 'Mancini', 'Costa', 'Giordano', 'Rizzo', 'Lombardi', 'Moretti',
  'Barbieri', 'Fontana', 'Santoro', 'Mariani', 'Rinaldi', 'Caruso', 'Ferrara', 'Galli', 'Martini', 'Leone',
  'Longo', 'Gentile', 'Martinelli', 'Vitale', 'Lombardo', 'Serra', 'Coppola', 'De Santis', "D'Angelo", 'Marchetti',
  'Parisi', 'Villa', 'Conte', 'Ferraro', 'Ferri', 'Fabbri', 'Bianco', 'Marini', 'Grasso', 'Valentini',
  'Messina', 'Sala', 'De Angelis', 'Gatti', 'Pellegrini', 'Palumbo', 'Sanna', 'Farina', 'Rizzi', 'Monti',
  'Cattaneo', 'Morelli', 'Amato', 'Silvestri', 'Mazza', 'Testa', 'Grassi', 'Pellegrino', 'Carbone', 'Giuliani',
  'Benedetti', 'Barone', 'Caputo', 'Montanari', 'Guerra', 'Palmieri', 'Bernardi', 'Fiore', 'De Rosa', 'Ferretti',
  'Bellini', 'Basile', 'Riva', 'Donati', 'Piras', 'Battaglia', 'Sartori', 'Neri', 'Costantini', 'Milani',
  'Pagano', 'Ruggiero', 'Sorrentino', "D'Amico", 'Orlando', 'Negri', 'Mele', 'Cirillo', 'Zanetti', 'Bassi',
] as const;

/** Regions in the order area managers are given them; the first one goes to the named demo manager. */
export const REGIONI: ReadonlyArray<{ nome: string; citta: readonly string[] }> = [
  { nome: 'Lombardia', citta: ['Milano', 'Bergamo', 'Brescia', 'Monza', 'Como', 'Varese'] },
  { nome: 'Lazio', citta: ['Roma', 'Latina', 'Viterbo', 'Frosinone'] },
  { nome: 'Campania', citta: ['Napoli', 'Salerno', 'Caserta', 'Avellino'] },
  { nome: 'Piemonte', citta: ['Torino', 'Novara', 'Alessandria', 'Cuneo'] },
  { nome: 'Emilia-Romagna', citta: ['Bologna', 'Modena', 'Parma', 'Reggio Emilia', 'Rimini'] },
  { nome: 'Toscana', citta: ['Firenze', 'Pisa', 'Livorno', 'Prato', 'Arezzo'] },
  { nome: 'Veneto', citta: ['Verona', 'Padova', 'Venezia', 'Vicenza', 'Treviso'] },
  { nome: 'Puglia', citta: ['Bari', 'Lecce', 'Taranto', 'Foggia'] },
  { nome: 'Sicilia', citta: ['Palermo', 'Catania', 'Messina', 'Siracusa'] },
  { nome: 'Liguria', citta: ['Genova', 'La Spezia', 'Savona'] },
];

export const VIE = [
  'Via Roma', 'Corso Italia', 'Via Garibaldi', 'Via Mazzini', 'Via Dante Alighieri', 'Viale Europa', 'Via Cavour',
  'Via Giuseppe Verdi', 'Corso Vittorio Emanuele II', 'Via XX Settembre', 'Piazza della Repubblica', 'Via Marconi',
  'Via Matteotti', 'Viale della Libertà', 'Via Manzoni', 'Via San Francesco', 'Via Nazionale', 'Largo Augusto',
] as const;

/** Shop kinds; the name is the kind plus a surname or a place. */
export const TIPI_NEGOZIO = [
  'Tabaccheria', 'Bar', 'Cartoleria', 'Edicola', 'Telefonia', 'Centro Servizi', 'Ferramenta', 'Ottica',
  'Agenzia', 'Elettrodomestici', 'Copisteria', 'Caffè', 'Profumeria', 'Informatica',
] as const;

export const USER_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 13; Redmi Note 12) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
] as const;

export const NOTE_PRATICA = [
  'Il cliente preferisce essere contattato su WhatsApp',
  'Bolletta portata in negozio, da scansionare',
  'Cliente interessato anche alla fibra',
  'Richiamare dopo le 18',
  'Trasloco previsto il mese prossimo',
] as const;
