import { describe, expect, it } from 'vitest';
import { formatDayKey, periodoRange, type Periodo } from '#shared/periodi.ts';

describe('periodoRange: Commissioni period boundaries as Europe/Rome days', () => {
  it.each<[string, Periodo, string, string | undefined, string | undefined]>([
    // Thursday 19 Nov 2026, midday.
    ['all periods', 'tutti', '2026-11-19T12:00:00Z', undefined, undefined],
    ['today', 'oggi', '2026-11-19T12:00:00Z', '2026-11-19', '2026-11-19'],
    ['a Thursday’s week, Monday first', 'settimana', '2026-11-19T12:00:00Z', '2026-11-16', '2026-11-22'],
    [
      'a Sunday belongs to the week that started the Monday before',
      'settimana',
      '2026-11-22T12:00:00Z',
      '2026-11-16',
      '2026-11-22',
    ],
    ['a Monday starts its own week', 'settimana', '2026-11-16T08:00:00Z', '2026-11-16', '2026-11-22'],
    ['a week across the new year', 'settimana', '2026-12-31T12:00:00Z', '2026-12-28', '2027-01-03'],
    ['a week across a month end', 'settimana', '2026-03-02T12:00:00Z', '2026-03-02', '2026-03-08'],
    ['February of a common year', 'mese', '2026-02-10T12:00:00Z', '2026-02-01', '2026-02-28'],
    ['February of a leap year', 'mese', '2028-02-10T12:00:00Z', '2028-02-01', '2028-02-29'],
    ['December', 'mese', '2026-12-05T12:00:00Z', '2026-12-01', '2026-12-31'],
    ['Q1', 'trimestre', '2026-03-31T12:00:00Z', '2026-01-01', '2026-03-31'],
    ['Q2', 'trimestre', '2026-04-01T12:00:00Z', '2026-04-01', '2026-06-30'],
    ['Q3', 'trimestre', '2026-08-15T12:00:00Z', '2026-07-01', '2026-09-30'],
    ['Q4', 'trimestre', '2026-11-19T12:00:00Z', '2026-10-01', '2026-12-31'],
    ['the year', 'anno', '2026-06-15T12:00:00Z', '2026-01-01', '2026-12-31'],
    ['last 30 days = today − 30', 'ultimi30', '2026-11-19T12:00:00Z', '2026-10-20', '2026-11-19'],
    ['last 30 days across a year end', 'ultimi30', '2027-01-10T12:00:00Z', '2026-12-11', '2027-01-10'],
    [
      'last 30 days across February of a leap year',
      'ultimi30',
      '2028-03-15T12:00:00Z',
      '2028-02-14',
      '2028-03-15',
    ],
  ])('%s', (_name, periodo, now, dataInizio, dataFine) => {
    expect(periodoRange(periodo, new Date(now))).toEqual(dataInizio ? { dataInizio, dataFine } : {});
  });

  // "Today" is the Rome calendar day, whatever the UTC date is.
  it.each<[string, Periodo, string, string, string]>([
    [
      '23:30 UTC on 31 Dec is already 1 Jan in Rome (winter, UTC+1)',
      'anno',
      '2026-12-31T23:30:00Z',
      '2027-01-01',
      '2027-12-31',
    ],
    [
      '22:30 UTC on 30 Jun is already 1 Jul in Rome (summer, UTC+2)',
      'trimestre',
      '2026-06-30T22:30:00Z',
      '2026-07-01',
      '2026-09-30',
    ],
    [
      '22:30 UTC on Sunday 29 Mar, the spring-forward day, is Monday 30 Mar in Rome',
      'settimana',
      '2026-03-29T22:30:00Z',
      '2026-03-30',
      '2026-04-05',
    ],
    [
      '21:30 UTC on Sunday 29 Mar is still Sunday in Rome',
      'settimana',
      '2026-03-29T21:30:00Z',
      '2026-03-23',
      '2026-03-29',
    ],
    [
      '23:30 UTC on Sunday 25 Oct, the fall-back day, is Monday 26 Oct in Rome',
      'oggi',
      '2026-10-25T23:30:00Z',
      '2026-10-26',
      '2026-10-26',
    ],
    [
      '22:30 UTC on 25 Oct (after fall-back, UTC+1) is still 25 Oct',
      'oggi',
      '2026-10-25T22:30:00Z',
      '2026-10-25',
      '2026-10-25',
    ],
    [
      'last 30 days across the spring-forward day',
      'ultimi30',
      '2026-04-10T22:30:00Z',
      '2026-03-12',
      '2026-04-11',
    ],
    [
      'a month that starts on the spring-forward night',
      'mese',
      '2026-03-31T22:30:00Z',
      '2026-04-01',
      '2026-04-30',
    ],
  ])('%s', (_name, periodo, now, dataInizio, dataFine) => {
    expect(periodoRange(periodo, new Date(now))).toEqual({ dataInizio, dataFine });
  });

  it.each([
    [
      { dataInizio: '2026-01-05', dataFine: '2026-02-10' },
      { dataInizio: '2026-01-05', dataFine: '2026-02-10' },
    ],
    [
      { dataInizio: '2026-01-05', dataFine: '' },
      { dataInizio: '2026-01-05', dataFine: undefined },
    ],
    [{}, { dataInizio: undefined, dataFine: undefined }],
  ])('custom period %j keeps the typed dates', (custom, expected) => {
    expect(periodoRange('personalizzato', new Date('2026-11-19T12:00:00Z'), custom)).toEqual(expected);
  });

  it('formats a day key as dd/MM/yyyy', () => {
    expect(formatDayKey('2026-03-05')).toBe('05/03/2026');
  });
});
