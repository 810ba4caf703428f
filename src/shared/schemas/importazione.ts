import { z } from 'zod';
import { IMPORT_RIGHE_NON_VALIDE, IMPORT_STATI, IMPORT_TIPI, type ImportTipo } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { text } from '#shared/schemas/common.ts';

const m = msg.importazione;

/** The fields a file of each kind can fill, in the order the mapping step shows them. */
export const IMPORT_CAMPI = {
  utenti: ['nome', 'cognome', 'email', 'telefono', 'ruolo'],
  punti_fisici: [
    'nomeAttivita',
    'indirizzo',
    'codiceLanding',
    'emailResponsabile',
    'nomeResponsabile',
    'telefonoResponsabile',
    'emailAgente',
    'nomeAgente',
    'emailAreaManager',
    'nomeAreaManager',
  ],
  leads: [
    'nome',
    'cognome',
    'telefono',
    'email',
    'punto',
    'dataRegistrazione',
    'statoContatto',
    'tipoServizio',
    'fornitore',
    'statoServizio',
    'koMotivazione',
    'dataPratica',
    'dataEsito',
    'ridPresente',
    'numeroForniture',
    'totaleVendita',
    'codiceFiscale',
    'pod',
    'pdr',
  ],
} as const satisfies Record<ImportTipo, readonly (keyof typeof m.campi)[]>;
export type ImportCampo = keyof typeof m.campi;

/** Fields a mapping must give a column to. */
export const IMPORT_CAMPI_OBBLIGATORI: Record<ImportTipo, readonly ImportCampo[]> = {
  utenti: ['nome', 'cognome', 'email', 'ruolo'],
  punti_fisici: ['nomeAttivita', 'indirizzo', 'emailResponsabile'],
  leads: ['nome', 'cognome', 'telefono', 'email', 'punto'],
};

/**
 * The most rows a file may hold: a chain of shops is hundreds, not millions; an agency's years of
 * leads may be a hundred thousand (docs/product/importazione.md#file).
 */
export const IMPORT_MAX_RIGHE: Record<ImportTipo, number> = {
  utenti: 20_000,
  punti_fisici: 20_000,
  leads: 200_000,
};
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024;

export const importTipoSchema = z.enum(IMPORT_TIPI);

/** POST /api/importazioni: the file is the raw request body; these come in the query. */
export const uploadImportQuerySchema = z.object({
  tipo: importTipoSchema,
  nomeFile: text({ max: 200, required: m.nomeFileRequired }),
});

/** Field → the index of the file column holding it, or null for none. */
export const mappaturaSchema = z.record(z.string(), z.number().int().min(0).max(500).nullable());

export const previewImportSchema = z.object({
  mappatura: mappaturaSchema,
  righeNonValide: z.enum(IMPORT_RIGHE_NON_VALIDE).default('salta'),
  /** Leads only: completed services get their commission (unticked: status and dates only). */
  calcolaCommissioni: z.boolean().default(false),
});
export type PreviewImportInput = z.infer<typeof previewImportSchema>;

export const importErroreSchema = z.object({
  riga: z.number().int(),
  colonna: z.string(),
  valore: z.string(),
  motivo: z.string(),
});
export type ImportErrore = z.infer<typeof importErroreSchema>;

const conteggiSchema = z.object({
  nuovo: z.number().int(),
  aggiorna: z.number().int(),
  duplicato: z.number().int(),
  errore: z.number().int(),
});
export type ImportConteggi = z.infer<typeof conteggiSchema>;

export const importazioneSchema = z.object({
  id: z.number().int(),
  tipo: importTipoSchema,
  nomeFile: z.string(),
  stato: z.enum(IMPORT_STATI),
  intestazioni: z.array(z.string()),
  rigaIntestazione: z.number().int(),
  mappatura: mappaturaSchema,
  /** The mapping came from an earlier file with the same headers. */
  mappaturaSalvata: z.boolean(),
  righeNonValide: z.enum(IMPORT_RIGHE_NON_VALIDE),
  calcolaCommissioni: z.boolean(),
  totale: z.number().int(),
  elaborate: z.number().int(),
  conteggi: conteggiSchema.nullable(),
  erroriPerColonna: z.array(z.object({ colonna: z.string(), righe: z.number().int() })),
  /** The first errors, in row order; the whole list is in the error report. */
  errori: z.array(importErroreSchema),
  createdAt: z.string(),
});
export type Importazione = z.infer<typeof importazioneSchema>;
