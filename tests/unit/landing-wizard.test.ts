import { describe, expect, it } from 'vitest';
import {
  documentiCaricati,
  EMPTY_BILLS,
  uploadParts,
  uploadStatus,
  type Bills,
} from '#client/landing/bills.ts';
import { buildVCard, vcardFileName } from '#client/landing/vcard.ts';
import { normalizeEmail, normalizeTelefono } from '#shared/domain.ts';
import { landingMsg } from '#shared/messages-landing.ts';

const file = (name: string) => new File(['x'], name);
const bills = (over: Partial<Bills>): Bills => ({ ...EMPTY_BILLS, ...over });
const luce = { luce: true, gas: false, combined: false };
const both = { luce: true, gas: true, combined: false };
const combined = { luce: true, gas: true, combined: true };

describe('vCard 3.0 of the consultant', () => {
  it('is a valid card with CRLF lines', () => {
    expect(
      buildVCard({
        fullName: 'Anna Maria Galli',
        telefono: '+39 347 111 2233',
        organizzazione: 'Bar Sport; Caffè, Tabacchi',
      }),
    ).toBe(
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        'N:Galli;Anna Maria;;;',
        'FN:Anna Maria Galli',
        'ORG:Bar Sport\\; Caffè\\, Tabacchi',
        'TITLE:Consulente',
        'TEL;TYPE=CELL,VOICE:+393471112233',
        'END:VCARD',
        '',
      ].join('\r\n'),
    );
  });
  it('carries no phone line when there is no phone, and says we call (never a made-up number)', () => {
    const card = buildVCard({ fullName: 'Consulente Demo', telefono: null, organizzazione: 'Demo' });
    expect(card).not.toMatch(/^TEL/m);
    expect(card).toContain(`NOTE:${landingMsg.noPhone}\r\n`);
  });
  it('names the file after the person', () => {
    expect(vcardFileName('Niccolò D’Amico')).toBe('Niccolo-DAmico.vcf');
    expect(vcardFileName('   ')).toBe('contatto.vcf');
  });
});

describe('bills step', () => {
  it.each([
    ['nothing', luce, bills({}), 'none'],
    ['luce only, uploaded', luce, bills({ luce: { file: file('a.pdf'), pages: [] } }), 'complete'],
    [
      'both, one uploaded',
      both,
      bills({ gas: { file: null, pages: [file('1.jpg'), file('2.jpg')] } }),
      'partial',
    ],
    [
      'both, both uploaded',
      both,
      bills({ luce: { file: file('a.pdf'), pages: [] }, gas: { file: file('b.pdf'), pages: [] } }),
      'complete',
    ],
    ['combined, uploaded', combined, bills({ combined: { file: file('c.pdf'), pages: [] } }), 'complete'],
    [
      'combined ticked, separate files ignored',
      combined,
      bills({ luce: { file: file('a.pdf'), pages: [] } }),
      'none',
    ],
  ] as const)('%s → %s', (_label, needs, b, status) => {
    expect(uploadStatus(b, needs)).toBe(status);
  });

  it('sends two photos as Page1/Page2 and one photo under the plain name', () => {
    const p1 = file('1.jpg');
    const p2 = file('2.jpg');
    const pdf = file('g.pdf');
    const parts = uploadParts(
      bills({ luce: { file: null, pages: [p1, p2] }, gas: { file: pdf, pages: [] } }),
      both,
    );
    expect(parts.map(([name]) => name)).toEqual(['lucePage1', 'lucePage2', 'gasFile']);
    expect(uploadParts(bills({ combined: { file: null, pages: [p1] } }), combined).map(([n]) => n)).toEqual([
      'combinedFile',
    ]);
    expect(uploadParts(bills({ gas: { file: pdf, pages: [] } }), luce)).toEqual([]);
  });

  it('describes what was attached', () => {
    expect(
      documentiCaricati(bills({ combined: { file: null, pages: [file('1'), file('2')] } }), combined),
    ).toMatchObject({
      hasCombinedFile: true,
      hasSingleFile: false,
      hasLuceFile: false,
      uploadMethod: 'camera',
    });
    expect(documentiCaricati(bills({ luce: { file: file('a.pdf'), pages: [] } }), both)).toMatchObject({
      hasLuceFile: true,
      hasGasFile: false,
      uploadMethod: 'separate',
    });
    expect(documentiCaricati(bills({}), both).uploadMethod).toBe('none');
  });
});

describe('duplicate keys', () => {
  it.each([
    ['3471234567', '3471234567'],
    ['+39 347 123 4567', '3471234567'],
    ['0039 347-123-4567', '3471234567'],
    ['02 1234567', '021234567'],
    ['nessuno', 't:nessuno'],
  ])('phone %s → %s', (input, expected) => {
    expect(normalizeTelefono(input)).toBe(expected);
  });
  it('e-mail is trimmed and lower-cased', () => {
    expect(normalizeEmail('  Mario.Rossi@Esempio.IT ')).toBe('mario.rossi@esempio.it');
  });
});
