import { describe, expect, it } from 'vitest';
import type { PraticaStato, ServizioStato } from '#shared/domain.ts';
import { derivePraticaStato } from '#shared/pratica-stato.ts';

describe('derivePraticaStato', () => {
  it.each<[ServizioStato[], PraticaStato]>([
    [[], 'inserita'],
    [['inserito'], 'inserita'],
    [['inserito', 'inserito'], 'inserita'],
    [['ko'], 'ko'],
    [['ko', 'ko'], 'ko'],
    [['completato'], 'completata'],
    [['completato', 'ko'], 'completata'],
    [['completato', 'completato'], 'completata'],
    [['in_lavorazione'], 'in_lavorazione'],
    [['inserito', 'completato'], 'in_lavorazione'],
    [['inserito', 'ko'], 'in_lavorazione'],
    [['in_lavorazione', 'ko'], 'in_lavorazione'],
    [['completato', 'in_lavorazione'], 'in_lavorazione'],
  ])('%j → %s', (stati, expected) => expect(derivePraticaStato(stati)).toBe(expected));
});
