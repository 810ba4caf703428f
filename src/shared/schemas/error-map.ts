import { z } from 'zod';

/**
 * Italian messages for the checks that carry no message of their own (a wrong type, a number
 * out of range, an unknown enum value…). Installed once by the server and by the back-office,
 * so no request ever answers zod's English. Field messages written in the schemas win.
 */
const TYPE_NAMES: Record<string, string> = {
  string: 'un testo',
  number: 'un numero',
  int: 'un numero intero',
  bigint: 'un numero intero',
  boolean: 'vero o falso',
  array: 'un elenco',
  object: 'un oggetto',
  date: 'una data',
  literal: 'un valore ammesso',
};

const listOf = (values: readonly unknown[]) => {
  const shown = values.slice(0, 8).map((v) => String(v));
  return shown.join(', ') + (values.length > 8 ? ', …' : '');
};

type Issue = Parameters<NonNullable<z.core.$ZodConfig['customError']>>[0];

export function italianMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Campo obbligatorio';
      return `Valore non valido: serve ${TYPE_NAMES[issue.expected] ?? 'un altro tipo di dato'}`;
    case 'too_big': {
      const max = String(issue.maximum);
      if (issue.origin === 'string') return `Testo troppo lungo: al massimo ${max} caratteri`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Troppi elementi: al massimo ${max}`;
      return `Valore troppo grande: al massimo ${max}`;
    }
    case 'too_small': {
      const min = String(issue.minimum);
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? 'Campo obbligatorio'
          : `Testo troppo corto: almeno ${min} caratteri`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Servono almeno ${min} elementi`;
      if (Number(issue.minimum) === 0 && !issue.inclusive) return 'Il valore deve essere maggiore di zero';
      return `Valore troppo piccolo: almeno ${min}`;
    }
    case 'invalid_format':
      if (issue.format === 'email') return 'Email non valida';
      if (issue.format === 'url') return 'Indirizzo web non valido';
      if (issue.format === 'date' || issue.format === 'datetime') return 'Data non valida';
      return 'Formato non valido';
    case 'invalid_value':
      return `Valore non ammesso: usa ${listOf(issue.values)}`;
    case 'unrecognized_keys':
      return `Campi non previsti: ${listOf(issue.keys)}`;
    case 'not_multiple_of':
      return 'Valore non valido';
    default:
      return 'Valore non valido';
  }
}

let installed = false;

/** Makes italianMessage zod's fallback for every schema of this process or page. */
export function installItalianErrors(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: (issue) => italianMessage(issue) });
}
