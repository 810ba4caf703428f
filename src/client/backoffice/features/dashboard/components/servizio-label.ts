import { msg } from '#shared/messages.ts';

/** A service type as shown: its Italian label, else the code with a capital first letter. */
export function servizioLabel(tipo: string): string {
  const labels: Record<string, string> = msg.servizio.tipoLabels;
  return labels[tipo] ?? tipo.charAt(0).toUpperCase() + tipo.slice(1);
}
