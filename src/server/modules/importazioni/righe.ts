import { z } from 'zod';
import type { ImportEsito } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import type { ImportCampo, ImportErrore } from '#shared/schemas/importazione.ts';
import { text } from '#shared/schemas/common.ts';
import { createUserSchema } from '#shared/schemas/utente.ts';

/** What the check of one row says; `dati` is what applying it needs. */
export interface CheckedRow<T> {
  riga: number;
  esito: ImportEsito;
  errori: Omit<ImportErrore, 'riga'>[];
  dati?: T;
}

/** One data row seen through the confirmed mapping: a field's value and the name of its column. */
export interface MappedRow {
  riga: number;
  value: (campo: ImportCampo) => string;
  colonna: (campo: ImportCampo) => string;
}

export function mappedRows(
  rows: { riga: number; valori: string[] }[],
  mappatura: Record<string, number | null>,
  intestazioni: string[],
): MappedRow[] {
  const colonna = (campo: ImportCampo) => {
    const col = mappatura[campo];
    return col == null ? msg.importazione.campi[campo] : intestazioni[col] || msg.importazione.campi[campo];
  };
  return rows.map((r) => ({
    riga: r.riga,
    value: (campo) => {
      const col = mappatura[campo];
      return col == null ? '' : (r.valori[col] ?? '').trim();
    },
    colonna,
  }));
}

/** Collects a row's errors, each on its column with the value as read. */
export class RowErrors {
  readonly list: Omit<ImportErrore, 'riga'>[] = [];
  constructor(private readonly row: MappedRow) {}
  add(campo: ImportCampo, motivo: string) {
    this.list.push({ colonna: this.row.colonna(campo), valore: this.row.value(campo), motivo });
  }
  /** The value through one of the product's own schemas; its first message on failure. */
  parse<S extends z.core.$ZodType>(campo: ImportCampo, schema: S): z.output<S> | undefined {
    const result = z.safeParse(schema, this.row.value(campo));
    if (result.success) return result.data;
    this.add(campo, result.error.issues[0]?.message ?? msg.common.controlChars);
    return undefined;
  }
  get isEmpty() {
    return this.list.length === 0;
  }
}

export const emailSchema = createUserSchema.shape.email;
export const requiredText = (max: number, required: string) => text({ max, required });
export const optionalText = (max: number) => text({ max });
