import { z } from 'zod';
import { PRATICA_STATI } from '#shared/domain.ts';

/** Recent lists on the dashboard hold at most 5 rows; the trend covers the last 6 months. */
export const DASHBOARD_RECENT_LIMIT = 5;
export const DASHBOARD_TREND_MONTHS = 6;

export const serviceStatSchema = z.object({ service: z.string(), count: z.number().int() });

/** One Europe/Rome calendar month of the trend: key yyyy-MM, Italian label, the caller's own amount. */
export const monthlyStatSchema = z.object({ month: z.string(), label: z.string(), commissioni: z.string() });

export const recentPraticaSchema = z.object({
  id: z.number().int(),
  dataCreazione: z.string(),
  numeroServizi: z.number().int(),
  statoPratica: z.enum(PRATICA_STATI),
});

export const recentCommissioneSchema = z.object({
  id: z.number().int(),
  praticaId: z.number().int(),
  tipoServizio: z.string(),
  dataCompletamento: z.string(),
  /** The caller's own amount (the same one its totals add up), as a decimal string. */
  userCommission: z.string(),
  /** Whether a bonus applies to the caller's own amount (any bonus, for admin and amministrazione). */
  hasBonus: z.boolean(),
});

/**
 * GET /api/dashboard/stats, everything within the caller's scope.
 * The management fields (service counts, conversion rate, recent practices) exist only for admin
 * and amministrazione, serviceStats only for admin: for the other roles they are absent, not zero,
 * as the other roles' amounts are absent from a commission.
 */
export const dashboardStatsSchema = z.object({
  totalLeads: z.number().int(),
  totalCommissions: z.string(),
  commissionsThisMonth: z.string(),
  commissionsToday: z.string(),
  /** Of the total, what is still in its withdrawal window today (docs/product/commissions.md#maturazione). */
  commissionsInMaturazione: z.string(),
  /** Points in the caller's scope (for the scoped roles: the points assigned to them). */
  myPoints: z.number().int(),
  /** Active points in the caller's scope. */
  activePoints: z.number().int(),
  monthlyStats: z.array(monthlyStatSchema),
  recentCommissions: z.array(recentCommissioneSchema),
  totalServizi: z.number().int().optional(),
  serviziCompletati: z.number().int().optional(),
  serviziInseriti: z.number().int().optional(),
  serviziInLavorazione: z.number().int().optional(),
  /** Completed services / leads × 100, one decimal; 0 with no leads. */
  conversionRate: z.number().optional(),
  recentPratiche: z.array(recentPraticaSchema).optional(),
  serviceStats: z.array(serviceStatSchema).optional(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
export type MonthlyStat = z.infer<typeof monthlyStatSchema>;
export type ServiceStat = z.infer<typeof serviceStatSchema>;
export type RecentPratica = z.infer<typeof recentPraticaSchema>;
export type RecentCommissione = z.infer<typeof recentCommissioneSchema>;
