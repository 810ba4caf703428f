import type QRCodeModule from 'qrcode';
import { lazyRequire } from '#server/lib/lazy-require.ts';

const qrcode = lazyRequire<typeof QRCodeModule>('qrcode');

/** What every QR code encodes: the public landing of the point. See docs/product/landing.md#indirizzo-e-codice */
export function landingUrl(publicBaseUrl: string, landingCode: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/landing/${landingCode}`;
}

// M: survives a scratched or badly lit poster and keeps the code small enough to scan at a glance.
const ERROR_CORRECTION = 'M' as const;
const cache = new Map<string, string>();
const CACHE_MAX = 1000;

/** SVG of the QR code (vector: crisp at any size). Cached per URL, since it never changes. */
export async function qrSvg(url: string): Promise<string> {
  const hit = cache.get(url);
  if (hit) return hit;
  const svg = await qrcode().toString(url, {
    type: 'svg',
    errorCorrectionLevel: ERROR_CORRECTION,
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  });
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(url, svg);
  return svg;
}

export function clearQrCache(): void {
  cache.clear();
}

/** The dark modules, for drawing the code as vector shapes (the PDF poster). */
export function qrMatrix(url: string): { size: number; isDark: (row: number, col: number) => boolean } {
  const code = qrcode().create(url, { errorCorrectionLevel: ERROR_CORRECTION });
  const { size } = code.modules;
  return { size, isDark: (row, col) => Boolean(code.modules.get(row, col)) };
}
