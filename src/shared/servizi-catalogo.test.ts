import { describe, expect, it } from 'vitest';
import {
  countsAsUnit,
  hasFixedCommission,
  hasForniture,
  hasPercentCommission,
  isDemoOnly,
  isOfferedOnLanding,
  landingCards,
  needsBill,
  SERVIZI_CON_BOLLETTA,
  SERVIZI_PRINCIPALI,
  SERVIZI_RICHIEDIBILI,
  SERVIZIO_TIPI,
  servizioLabel,
} from '#shared/servizi-catalogo.ts';

// What each kind means to the practice, the landing and the commission engine.
// See docs/product/lifecycle.md#dati-al-completamento and docs/product/commissions.md
const TABLE = [
  // code, label, practice, bill, supplies, unit, commission, landing (normal, demo)
  ['luce', 'Luce', true, true, true, true, 'fixed', true, true],
  ['gas', 'Gas', true, true, true, true, 'fixed', true, true],
  ['internet', 'Internet', true, false, false, true, 'fixed', true, true],
  ['noleggio', 'Noleggio', true, false, false, false, 'percent', true, true],
  ['finanziamenti', 'Finanziamenti', true, false, false, false, null, false, true],
  ['assicurazioni', 'Assicurazioni', true, false, false, false, null, false, true],
  ['sim', 'SIM', false, false, false, false, null, false, false],
  ['servizi_marketing', 'Servizi marketing', false, false, false, false, null, false, false],
] as const;

describe('service catalogue', () => {
  it.each(TABLE)(
    '%s: label %s, practice %s, bill %s, supplies %s, unit %s, commission %s, landing %s/%s',
    (code, label, practice, bill, supplies, unit, commission, landing, demoLanding) => {
      expect(servizioLabel(code)).toBe(label);
      expect((SERVIZIO_TIPI as readonly string[]).includes(code)).toBe(practice);
      expect(needsBill(code)).toBe(bill);
      expect(hasForniture(code)).toBe(supplies);
      expect(countsAsUnit(code)).toBe(unit);
      expect(hasFixedCommission(code)).toBe(commission === 'fixed');
      expect(hasPercentCommission(code)).toBe(commission === 'percent');
      expect((SERVIZI_PRINCIPALI as readonly string[]).includes(code)).toBe(commission != null);
      expect(isOfferedOnLanding(code, false)).toBe(landing);
      expect(isOfferedOnLanding(code, true)).toBe(demoLanding);
      expect(isDemoOnly(code)).toBe(demoLanding && !landing);
    },
  );

  it('knows every code a landing may send, in screen order', () => {
    expect(SERVIZI_RICHIEDIBILI).toEqual(TABLE.map(([code]) => code));
    expect(SERVIZI_CON_BOLLETTA).toEqual(['luce', 'gas']);
    expect(landingCards(false)).toEqual(['luce', 'gas', 'internet', 'noleggio']);
    expect(landingCards(true)).toEqual([
      'luce',
      'gas',
      'internet',
      'noleggio',
      'finanziamenti',
      'assicurazioni',
    ]);
  });

  it('answers safely for a code it does not know', () => {
    for (const code of ['', 'acqua', 'toString', '__proto__', 'LUCE']) {
      expect(servizioLabel(code)).toBe(code);
      expect(needsBill(code)).toBe(false);
      expect(hasForniture(code)).toBe(false);
      expect(hasPercentCommission(code)).toBe(false);
      expect(isOfferedOnLanding(code, true)).toBe(false);
    }
  });
});
