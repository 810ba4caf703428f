/** Phase 2 of the demo data: commission configurations and the points of sale. */
import { SERVIZI_PRINCIPALI, type ServizioTipo } from '#shared/domain.ts';
import { commissioneConfigBodySchema } from '#shared/schemas/commissione.ts';
import { hasFixedCommission } from '#shared/servizi-catalogo.ts';
import type { Actor } from '#server/lib/actor.ts';
import { saveConfig } from '#server/modules/commissioni/commissioni.service.ts';
import { createPuntoFisico } from '#server/modules/punti-fisici/punti-fisici.service.ts';
import type { Database } from '#server/db/client.ts';
import { commissioniFornitori, fornitori } from '#server/db/schema.ts';
import { COGNOMI, REGIONI, TIPI_NEGOZIO, VIE } from '#scripts/seed-demo/data.ts';
import type { UserRow } from '#scripts/seed-demo/people.ts';
import type { Tools } from '#scripts/seed-demo/random.ts';

/** Plausible fixed amounts per service (index i: each supplier a little different). */
const FIXED_CONFIG_VALUES: Partial<Record<ServizioTipo, (euro: (n: number) => string, i: number) => object>> =
  {
    luce: (euro, i) => ({
      ricavoBase: euro(90 + 5 * i),
      bonusRid: '15.00',
      commissionePuntoFisico: '30.00',
      commissioneAgente: '15.00',
      commissioneAreaManager: '5.00',
      commissioneAggiuntivaPuntoFisico: '8.00',
      commissioneAggiuntivaAgente: '4.00',
      commissioneAggiuntivaAreaManager: '1.50',
      commissioneAggiuntivaRidPuntoFisico: '10.00',
      commissioneAggiuntivaRidAgente: '5.00',
      commissioneAggiuntivaRidAreaManager: '2.00',
    }),
    gas: (euro, i) => ({
      ricavoBase: euro(70 + 5 * i),
      bonusRid: '10.00',
      commissionePuntoFisico: '25.00',
      commissioneAgente: '12.00',
      commissioneAreaManager: '4.00',
      commissioneAggiuntivaPuntoFisico: '6.00',
      commissioneAggiuntivaAgente: '3.00',
      commissioneAggiuntivaAreaManager: '1.00',
      commissioneAggiuntivaRidPuntoFisico: '8.00',
      commissioneAggiuntivaRidAgente: '4.00',
      commissioneAggiuntivaRidAreaManager: '1.50',
    }),
    internet: (euro, i) => ({
      ricavoBase: euro(120 + 10 * i),
      bonusRid: '10.00',
      commissionePuntoFisico: '40.00',
      commissioneAgente: '20.00',
      commissioneAreaManager: '6.00',
      commissioneAggiuntivaPuntoFisico: '15.00',
      commissioneAggiuntivaAgente: '7.00',
      commissioneAggiuntivaAreaManager: '2.00',
      commissioneAggiuntivaRidPuntoFisico: '18.00',
      commissioneAggiuntivaRidAgente: '8.00',
      commissioneAggiuntivaRidAreaManager: '2.50',
    }),
  };

/** Plausible figures per service; each supplier a little different (index i). */
function configValues(servizio: ServizioTipo, i: number) {
  const euro = (n: number) => n.toFixed(2);
  if (hasFixedCommission(servizio)) return FIXED_CONFIG_VALUES[servizio]?.(euro, i) ?? {};
  return {
    percentualePuntoFisico: '3.00',
    percentualeAgente: '1.50',
    percentualeAreaManager: '0.50',
    percentualeStruttura: euro(6 + 0.5 * i),
  };
}

/** A configuration for every supplier and service that has none; existing ones are left as they are. */
export async function ensureConfigs(db: Database, admin: Actor): Promise<number> {
  const all = await db.select().from(fornitori).orderBy(fornitori.id);
  const existing = new Set(
    (
      await db
        .select({ f: commissioniFornitori.fornitoreId, s: commissioniFornitori.servizio })
        .from(commissioniFornitori)
    ).map((r) => `${r.f}:${r.s}`),
  );
  let created = 0;
  for (const [i, f] of all.entries()) {
    for (const servizio of SERVIZI_PRINCIPALI) {
      if (!f.serviziSupportati.includes(servizio) || existing.has(`${f.id}:${servizio}`)) continue;
      await saveConfig(
        db,
        admin,
        commissioneConfigBodySchema.parse({ fornitoreId: f.id, servizio, ...configValues(servizio, i % 5) }),
      );
      created++;
    }
  }
  return created;
}

// ---------------------------------------------------------------------------------------------
// Points of sale
// ---------------------------------------------------------------------------------------------

/** A point of sale as the bulk plan needs it: its people (the payees) and how busy it is. */
export interface DemoPoint {
  id: number;
  responsabileId: number;
  agenteId: number | null;
  areaManagerId: number | null;
  weight: number;
}

/** A chain grows with its leads: one shop every 2,000 leads, between 8 and 500. */
export function demoPointCount(leadCount: number): number {
  return Math.min(500, Math.max(8, Math.round(leadCount / 2000)));
}

export async function createPoints(
  db: Database,
  t: Tools,
  admin: Actor,
  count: number,
  people: { responsabili: UserRow[]; agenti: UserRow[][]; areaManagers: UserRow[] },
  publicBaseUrl: string,
): Promise<DemoPoint[]> {
  const regions = people.areaManagers.length;
  const points: DemoPoint[] = [];
  for (let i = 0; i < count; i++) {
    const region = i === 0 ? 0 : t.int(0, regions - 1);
    const city = t.pick(REGIONI[region].citta);
    // The first points cover every combination of agent and area manager; then 3 in 4 have each.
    const combo = i >= 1 && i <= 4 ? i - 1 : -1;
    const hasAgent = combo === -1 ? i === 0 || t.chance(0.75) : combo === 0 || combo === 1;
    const hasManager = combo === -1 ? i === 0 || t.chance(0.8) : combo === 0 || combo === 2;
    const kind = t.pick(TIPI_NEGOZIO);
    const name = t.chance(0.6) ? `${kind} ${t.pick(COGNOMI)}` : `${kind} ${city}`;
    const punto = await createPuntoFisico({ db, publicBaseUrl }, admin, {
      nomeAttivita: name,
      indirizzo: `${t.pick(VIE)} ${t.int(1, 180)}, ${city}`,
      utenteResponsabileId: people.responsabili[i].id,
      // The named agent works in the first region, so the first point is theirs.
      agenteId: hasAgent ? (i === 0 ? people.agenti[0][0] : t.pick(people.agenti[region])).id : null,
      areaManagerId: hasManager ? people.areaManagers[region].id : null,
    });
    points.push({
      id: punto.id,
      responsabileId: punto.utenteResponsabileId,
      agenteId: punto.agenteId,
      areaManagerId: punto.areaManagerId,
      // A few busy shops and a long tail; the named point of sale is among the busiest.
      weight: i === 0 ? 1 : 1 / Math.pow(i + 1, 0.6),
    });
  }
  return points;
}
