/**
 * Builds tests/fixtures/bolletta-foto.jpg, the "phone photo of a printed bill" the OCR test reads
 * (tests/api/lettura-ocr.test.ts): a bill's first page printed on off-white paper, photographed a
 * little crooked, with sensor noise and a soft focus, saved as a phone saves a JPEG. Committed, so
 * the tests never start a browser for it; run again with `npx tsx scripts/make-bill-photo.ts`.
 */
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const html = `<!doctype html><html><body style="margin:0;background:#6b6257">
<svg width="0" height="0" style="position:absolute"><filter id="noise">
  <feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="7"/>
  <feColorMatrix type="saturate" values="0"/>
  <feComponentTransfer><feFuncA type="table" tableValues="0 0.18"/></feComponentTransfer>
</filter></svg>
<div style="position:absolute;left:40px;top:30px;width:820px;height:1100px;background:#f4f0e6;
  transform:rotate(-1.6deg);filter:blur(0.6px);font-family:'DejaVu Sans',sans-serif;color:#1d1d1d;
  box-shadow:0 8px 30px rgba(0,0,0,.5);padding:48px;box-sizing:border-box">
  <div style="font-size:38px;font-weight:bold;color:#b3124b">Enel Energia</div>
  <div style="font-size:17px;margin-top:6px">Mercato libero dell'energia - Bolletta luce</div>
  <div style="font-size:17px">Bolletta n. 004512345678 del 15/10/2026</div>
  <div style="margin-top:40px;font-size:21px;line-height:1.9">
    <div><b>Dati del cliente</b></div>
    <div>Intestatario: MARIO ROSSI</div>
    <div>Codice fiscale: RSSMRA80A01H501U</div>
    <div>Indirizzo di fornitura: VIA ROMA 10 00184 ROMA RM</div>
    <div style="margin-top:24px"><b>Dati della fornitura</b></div>
    <div>Codice POD: IT001E12345678</div>
    <div>Potenza impegnata: 3 kW</div>
    <div>Consumo annuo: 2.700 kWh</div>
    <div>Codice offerta: E-LIGHT-2410</div>
  </div>
  <div style="margin-top:40px;font-size:15px;color:#444">Totale da pagare 87,40 euro - Scadenza 05/11/2026</div>
</div>
<div style="position:absolute;inset:0;filter:url(#noise);background:#fff;mix-blend-mode:multiply"></div>
</body></html>`;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 900, height: 1180 } });
await page.setContent(html);
const jpeg = await page.screenshot({ type: 'jpeg', quality: 72 });
await browser.close();
writeFileSync(new URL('../tests/fixtures/bolletta-foto.jpg', import.meta.url), jpeg);
console.log(`tests/fixtures/bolletta-foto.jpg: ${jpeg.length} byte`);
