import type { PraticaStato, ServizioStato } from '#shared/domain.ts';

/**
 * docs/product/lifecycle.md#stato-della-pratica: all inserito → inserita; all ko → ko; every service completato or ko with at
 * least one completato → completata; otherwise in_lavorazione. A practice without services
 * stays inserita.
 */
export function derivePraticaStato(stati: readonly ServizioStato[]): PraticaStato {
  if (stati.every((s) => s === 'inserito')) return 'inserita';
  if (stati.every((s) => s === 'ko')) return 'ko';
  if (stati.every((s) => s === 'completato' || s === 'ko')) return 'completata';
  return 'in_lavorazione';
}
