import type { DocumentiCaricati } from '#shared/schemas/landing.ts';
import { SERVIZI_CON_BOLLETTA, type ServizioConBolletta } from '#shared/servizi-catalogo.ts';

/** A bill per service that has one (luce, gas), or one document for both. */
export type BillKind = ServizioConBolletta | 'combined';

/** One bill: a chosen file, or the photos of its pages (at most two). */
export interface Bill {
  file: File | null;
  pages: File[];
}

export type Bills = Record<BillKind, Bill>;

export const EMPTY_BILLS: Bills = {
  luce: { file: null, pages: [] },
  gas: { file: null, pages: [] },
  combined: { file: null, pages: [] },
};

export const hasBill = (bill: Bill) => bill.file != null || bill.pages.length > 0;

export type BillNeeds = Record<ServizioConBolletta, boolean> & {
  /** Both services and the 'Ho un unico documento' box ticked. */
  combined: boolean;
};

/** Which bills the chosen services call for. */
export function billNeeds(servizi: readonly string[], isCombined: boolean): BillNeeds {
  const needs = { luce: false, gas: false, combined: false };
  for (const kind of SERVIZI_CON_BOLLETTA) needs[kind] = servizi.includes(kind);
  needs.combined = isCombined && canCombineBills(servizi);
  return needs;
}

/** 'Ho un unico documento per entrambi i servizi' applies when every bill service is chosen. */
export const canCombineBills = (servizi: readonly string[]) =>
  SERVIZI_CON_BOLLETTA.every((kind) => servizi.includes(kind));

export const needsAnyBill = (needs: BillNeeds) => SERVIZI_CON_BOLLETTA.some((kind) => needs[kind]);

/** The bills to show or send: the combined one, or one per chosen service. */
export const billKinds = (needs: BillNeeds): BillKind[] =>
  needs.combined ? ['combined'] : SERVIZI_CON_BOLLETTA.filter((kind) => needs[kind]);

export type UploadStatus = 'complete' | 'partial' | 'none';

export function uploadStatus(bills: Bills, needs: BillNeeds): UploadStatus {
  if (needs.combined) return hasBill(bills.combined) ? 'complete' : 'none';
  const needed = SERVIZI_CON_BOLLETTA.filter((k) => needs[k]);
  const done = needed.filter((k) => hasBill(bills[k])).length;
  if (done === 0) return 'none';
  return done === needed.length ? 'complete' : 'partial';
}

/** The multipart parts: two photos as Page1/Page2, one photo under the plain name. See docs/product/landing.md#caricamento-delle-bollette */
export function uploadParts(bills: Bills, needs: BillNeeds): Array<[string, File]> {
  const kinds = billKinds(needs);
  const parts: Array<[string, File]> = [];
  for (const kind of kinds) {
    const bill = bills[kind];
    if (bill.file) parts.push([`${kind}File`, bill.file]);
    else if (bill.pages.length === 1) parts.push([`${kind}File`, bill.pages[0]]);
    else if (bill.pages.length === 2)
      parts.push([`${kind}Page1`, bill.pages[0]], [`${kind}Page2`, bill.pages[1]]);
  }
  return parts;
}

export function documentiCaricati(bills: Bills, needs: BillNeeds): DocumentiCaricati {
  const used = billKinds(needs);
  const present = used.filter((k) => hasBill(bills[k]));
  const byCamera = present.some((k) => bills[k].file == null);
  return {
    hasLuceFile: !needs.combined && needs.luce && hasBill(bills.luce),
    hasGasFile: !needs.combined && needs.gas && hasBill(bills.gas),
    hasSingleFile: needs.combined && bills.combined.file != null,
    hasCombinedFile: needs.combined && hasBill(bills.combined),
    uploadMethod:
      present.length === 0 ? 'none' : byCamera ? 'camera' : needs.combined ? 'single' : 'separate',
    timestamp: new Date().toISOString(),
  };
}
