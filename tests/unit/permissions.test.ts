import { describe, expect, it } from 'vitest';
import {
  can,
  canOpenSection,
  dashboardTitle,
  menuFor,
  type Permission,
  type Role,
} from '#shared/permissions.ts';

describe('menu by role', () => {
  const table: [Role, string[]][] = [
    [
      'admin',
      [
        'Dashboard',
        'Punti Fisici',
        'Lead',
        'Da chiamare',
        'Pratiche',
        'Invii fornitori',
        'Esiti fornitori',
        'Commissioni',
        'Config Commissioni',
        'Pagamenti fornitori',
        'Utenti',
        'Importa',
        'Impostazioni',
      ],
    ],
    [
      'amministrazione',
      [
        'Dashboard',
        'Punti Fisici',
        'Lead',
        'Da chiamare',
        'Invii fornitori',
        'Esiti fornitori',
        'Commissioni',
        'Pagamenti fornitori',
      ],
    ],
    ['area_manager', ['Dashboard', 'Punti Fisici', 'Lead', 'Da chiamare', 'Commissioni']],
    ['agente', ['Dashboard', 'Lead', 'Da chiamare', 'Commissioni']],
    ['punto_fisico', ['Dashboard', 'Punti Fisici', 'Lead', 'Da chiamare', 'Commissioni']],
  ];
  it.each(table)('%s sees %j', (role, labels) => {
    expect(menuFor(role).map((m) => m.label)).toEqual(labels);
  });
  it('shows nothing to nobody', () => expect(menuFor(null)).toEqual([]));
});

describe('capabilities', () => {
  const table: [Permission, Role[]][] = [
    ['users:manage', ['admin']],
    ['users:search', ['admin', 'area_manager']],
    ['apiDocs:read', ['admin']],
    ['puntiFisici:create', ['admin', 'area_manager']],
    ['puntiFisici:update', ['admin', 'area_manager']],
    ['puntiFisici:delete', ['admin']],
    ['qrCodes:update', ['admin']],
    ['leads:delete', ['admin', 'amministrazione']],
    ['pratiche:read', ['admin', 'amministrazione']],
    ['pratiche:delete', ['admin', 'amministrazione']],
    ['servizi:updateStatus', ['admin', 'amministrazione']],
    ['commissioni:updatePayment', ['admin']],
    ['commissioni:delete', ['admin']],
    ['commissioniConfig:manage', ['admin']],
    ['fornitori:manage', ['admin']],
    ['inviiFornitori:manage', ['admin', 'amministrazione']],
    ['dashboard:management', ['admin', 'amministrazione']],
    ['dashboard:charts', ['admin']],
    ['leads:read', ['admin', 'amministrazione', 'area_manager', 'agente', 'punto_fisico']],
    ['commissioni:read', ['admin', 'amministrazione', 'area_manager', 'agente', 'punto_fisico']],
    ['chiamate:read', ['admin', 'amministrazione', 'area_manager', 'agente', 'punto_fisico']],
    ['chiamate:esito', ['admin', 'amministrazione', 'area_manager', 'agente', 'punto_fisico']],
    ['chiamate:filtroConsulente', ['admin', 'amministrazione']],
  ];
  const roles: Role[] = ['admin', 'amministrazione', 'area_manager', 'agente', 'punto_fisico'];
  it.each(table)('%s is held by %j only', (permission, holders) => {
    expect(roles.filter((r) => can(r, permission))).toEqual(holders);
  });
});

describe('dashboard title', () => {
  it.each([
    ['admin', 'Dashboard Amministratore'],
    ['amministrazione', 'Dashboard Amministrazione'],
    ['area_manager', 'Dashboard Area Manager'],
    ['agente', 'Dashboard Agente'],
    ['punto_fisico', 'Dashboard Punto Fisico'],
    ['sconosciuto', 'Dashboard'],
  ])('%s → %s', (role, title) => expect(dashboardTitle(role)).toBe(title));
});

describe('sections reachable by URL', () => {
  it.each([
    ['agente', '/punti-fisici', false],
    ['agente', '/leads', true],
    ['agente', '/pratiche', false],
    ['punto_fisico', '/punti-fisici', true],
    ['punto_fisico', '/pratiche', false],
    ['area_manager', '/pratiche', false],
    ['amministrazione', '/pratiche', true],
    ['amministrazione', '/utenti', false],
    ['admin', '/utenti', true],
    ['punto_fisico', '/profilo', true],
    ['agente', '/profilo', true],
    ['amministrazione', '/profilo', true],
  ] as const)('%s → %s: %s', (role, path, expected) => {
    expect(canOpenSection(role, path)).toBe(expected);
  });
});
