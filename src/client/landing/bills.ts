import type { DocumentiCaricati } from '#shared/schemas/landing.ts';

export type BillKind = 'luce' | 'gas' | 'combined';

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

export interface BillNeeds {
  luce: boolean;
  gas: boolean;
  /** Both services and the 'Ho un unico documento' box ticked. */
  combined: boolean;
}

export type UploadStatus = 'complete' | 'partial' | 'none';

export function uploadStatus(bills: Bills, needs: BillNeeds): UploadStatus {
  if (needs.combined) return hasBill(bills.combined) ? 'complete' : 'none';
  const needed = (['luce', 'gas'] as const).filter((k) => needs[k]);
  const done = needed.filter((k) => hasBill(bills[k])).length;
  if (done === 0) return 'none';
  return done === needed.length ? 'complete' : 'partial';
}

/** The multipart parts: two photos as Page1/Page2, one photo under the plain name. See docs/product/landing.md#caricamento-delle-bollette */
export function uploadParts(bills: Bills, needs: BillNeeds): Array<[string, File]> {
  const kinds: BillKind[] = needs.combined
    ? ['combined']
    : (['luce', 'gas'] as const).filter((k) => needs[k]);
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
  const used: BillKind[] = needs.combined ? ['combined'] : (['luce', 'gas'] as const).filter((k) => needs[k]);
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
