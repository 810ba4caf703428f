ALTER TABLE "commissioni_giorni" DROP CONSTRAINT "commissioni_giorni_ambito_ambito_id_punto_fisico_id_giorno_pk";--> statement-breakpoint
ALTER TABLE "commissioni_giorni" ADD COLUMN "stato_pagamento" text DEFAULT 'non_pagato' NOT NULL;--> statement-breakpoint
ALTER TABLE "commissioni_giorni" ADD COLUMN "storno" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "commissioni_giorni" ADD COLUMN "righe" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Moved by hand after the ADD COLUMNs (drizzle-kit emitted it first, before its columns exist).
ALTER TABLE "commissioni_giorni" ADD CONSTRAINT "commissioni_giorni_pk" PRIMARY KEY("ambito","ambito_id","punto_fisico_id","giorno","stato_pagamento","storno");--> statement-breakpoint
-- Hand-written (drizzle-kit does not emit functions or triggers): the per-day sums of migration
-- 0013 split by payment status and storno, with the number of rows each scope sees, so that the
-- Commissioni summary and total and every statement's totals read these rows instead of every
-- commission in scope. A payment or its undoing moves amount and count between buckets.
-- See docs/performance.md#somme-delle-commissioni and docs/decisions/032-riepilogo-commissioni-dai-giorni.md
DROP FUNCTION commissioni_giorni_applica(commissioni_giorno_delta[]);--> statement-breakpoint
DROP FUNCTION commissioni_giorni_voci(commissioni_giorno_delta[]);--> statement-breakpoint
DROP TYPE commissioni_giorno_delta;--> statement-breakpoint
-- One group of commissions with the same day, point, payees, payment status and storno flag:
-- the sums of the four amounts (and of all four on the rows with importo_amministrazione <> 0),
-- and the signed number of rows in each scope: n every row (admin), n_amm the rows with
-- importo_amministrazione <> 0 (amministrazione), n_pf / n_ag / n_am the rows whose payee's own
-- amount is <> 0 (commissioniScope in src/server/modules/commissioni/commissioni.scope.ts).
CREATE TYPE "commissioni_giorno_delta" AS (
  "giorno" date, "punto" integer, "payee_pf" integer, "payee_ag" integer, "payee_am" integer,
  "stato" text, "storno" boolean,
  "pf" numeric, "ag" numeric, "am" numeric, "amm" numeric, "amministrazione" numeric,
  "n" integer, "n_amm" integer, "n_pf" integer, "n_ag" integer, "n_am" integer
);--> statement-breakpoint
CREATE FUNCTION commissioni_giorni_voci(righe commissioni_giorno_delta[])
RETURNS TABLE (ambito text, ambito_id integer, punto_fisico_id integer, giorno date, stato_pagamento text,
  storno boolean, righe integer, importo numeric)
LANGUAGE sql AS $$
  WITH b AS MATERIALIZED (SELECT * FROM unnest(righe)),
  v (ambito, ambito_id, punto_fisico_id, giorno, stato_pagamento, storno, righe, importo) AS (
    SELECT 'admin', 0, 0, b.giorno, b.stato, b.storno, sum(b.n)::int, sum(b.amm) FROM b GROUP BY b.giorno, b.stato, b.storno
    UNION ALL SELECT 'admin', 0, b.punto, b.giorno, b.stato, b.storno, sum(b.n)::int, sum(b.amm) FROM b
      WHERE b.punto IS NOT NULL GROUP BY b.punto, b.giorno, b.stato, b.storno
    UNION ALL SELECT 'amministrazione', 0, 0, b.giorno, b.stato, b.storno, sum(b.n_amm)::int, sum(b.amministrazione) FROM b
      GROUP BY b.giorno, b.stato, b.storno
    UNION ALL SELECT 'amministrazione', 0, b.punto, b.giorno, b.stato, b.storno, sum(b.n_amm)::int, sum(b.amministrazione) FROM b
      WHERE b.punto IS NOT NULL GROUP BY b.punto, b.giorno, b.stato, b.storno
    UNION ALL SELECT 'punto_fisico', b.payee_pf, 0, b.giorno, b.stato, b.storno, sum(b.n_pf)::int, sum(b.pf) FROM b
      WHERE b.payee_pf IS NOT NULL GROUP BY b.payee_pf, b.giorno, b.stato, b.storno
    UNION ALL SELECT 'punto_fisico', b.payee_pf, b.punto, b.giorno, b.stato, b.storno, sum(b.n_pf)::int, sum(b.pf) FROM b
      WHERE b.payee_pf IS NOT NULL AND b.punto IS NOT NULL GROUP BY b.payee_pf, b.punto, b.giorno, b.stato, b.storno
    UNION ALL SELECT 'agente', b.payee_ag, 0, b.giorno, b.stato, b.storno, sum(b.n_ag)::int, sum(b.ag) FROM b
      WHERE b.payee_ag IS NOT NULL GROUP BY b.payee_ag, b.giorno, b.stato, b.storno
    UNION ALL SELECT 'agente', b.payee_ag, b.punto, b.giorno, b.stato, b.storno, sum(b.n_ag)::int, sum(b.ag) FROM b
      WHERE b.payee_ag IS NOT NULL AND b.punto IS NOT NULL GROUP BY b.payee_ag, b.punto, b.giorno, b.stato, b.storno
    UNION ALL SELECT 'area_manager', b.payee_am, 0, b.giorno, b.stato, b.storno, sum(b.n_am)::int, sum(b.am) FROM b
      WHERE b.payee_am IS NOT NULL GROUP BY b.payee_am, b.giorno, b.stato, b.storno
    UNION ALL SELECT 'area_manager', b.payee_am, b.punto, b.giorno, b.stato, b.storno, sum(b.n_am)::int, sum(b.am) FROM b
      WHERE b.payee_am IS NOT NULL AND b.punto IS NOT NULL GROUP BY b.payee_am, b.punto, b.giorno, b.stato, b.storno
  )
  SELECT * FROM v WHERE v.importo <> 0 OR v.righe <> 0;
$$;--> statement-breakpoint
CREATE FUNCTION commissioni_giorni_applica(righe commissioni_giorno_delta[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO commissioni_giorni AS g (ambito, ambito_id, punto_fisico_id, giorno, stato_pagamento, storno, righe, importo)
  SELECT * FROM commissioni_giorni_voci(righe)
  ON CONFLICT (ambito, ambito_id, punto_fisico_id, giorno, stato_pagamento, storno)
  DO UPDATE SET importo = g.importo + excluded.importo, righe = g.righe + excluded.righe;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION commissioni_giorni_dopo_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM commissioni_giorni_applica(array_agg(ROW(d.*)::commissioni_giorno_delta)) FROM (
    SELECT (x.data_completamento AT TIME ZONE 'Europe/Rome')::date, x.punto_fisico_id,
      x.payee_punto_fisico_id, x.payee_agente_id, x.payee_area_manager_id, x.stato_pagamento, x.storno_of_id IS NOT NULL,
      sum(x.importo_punto_fisico), sum(x.importo_agente), sum(x.importo_area_manager), sum(x.importo_amministrazione),
      coalesce(sum(x.importo_punto_fisico + x.importo_agente + x.importo_area_manager + x.importo_amministrazione)
        FILTER (WHERE x.importo_amministrazione <> 0), 0),
      count(*)::int, count(*) FILTER (WHERE x.importo_amministrazione <> 0)::int,
      count(*) FILTER (WHERE x.importo_punto_fisico <> 0)::int, count(*) FILTER (WHERE x.importo_agente <> 0)::int,
      count(*) FILTER (WHERE x.importo_area_manager <> 0)::int
    FROM nuovi x GROUP BY 1, 2, 3, 4, 5, 6, 7
  ) d HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION commissioni_giorni_dopo_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM commissioni_giorni_applica(array_agg(ROW(d.*)::commissioni_giorno_delta)) FROM (
    SELECT (x.data_completamento AT TIME ZONE 'Europe/Rome')::date, x.punto_fisico_id,
      x.payee_punto_fisico_id, x.payee_agente_id, x.payee_area_manager_id, x.stato_pagamento, x.storno_of_id IS NOT NULL,
      -sum(x.importo_punto_fisico), -sum(x.importo_agente), -sum(x.importo_area_manager), -sum(x.importo_amministrazione),
      -coalesce(sum(x.importo_punto_fisico + x.importo_agente + x.importo_area_manager + x.importo_amministrazione)
        FILTER (WHERE x.importo_amministrazione <> 0), 0),
      -count(*)::int, -count(*) FILTER (WHERE x.importo_amministrazione <> 0)::int,
      -count(*) FILTER (WHERE x.importo_punto_fisico <> 0)::int, -count(*) FILTER (WHERE x.importo_agente <> 0)::int,
      -count(*) FILTER (WHERE x.importo_area_manager <> 0)::int
    FROM vecchi x GROUP BY 1, 2, 3, 4, 5, 6, 7
  ) d HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An update moves a row's amounts and count from its old day, point, payees, payment status and
-- storno flag to the new ones; a payment (or its undoing) moves them between the two payment
-- buckets. Updates that touch none of these (notes, an erased customer name) change nothing.
CREATE OR REPLACE FUNCTION commissioni_giorni_dopo_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM commissioni_giorni_applica(array_agg(ROW(d.*)::commissioni_giorno_delta)) FROM (
    SELECT (x.data_completamento AT TIME ZONE 'Europe/Rome')::date, x.punto_fisico_id,
      x.payee_punto_fisico_id, x.payee_agente_id, x.payee_area_manager_id, x.stato_pagamento, x.storno_of_id IS NOT NULL,
      sum(x.s * x.importo_punto_fisico), sum(x.s * x.importo_agente), sum(x.s * x.importo_area_manager),
      sum(x.s * x.importo_amministrazione),
      coalesce(sum(x.s * (x.importo_punto_fisico + x.importo_agente + x.importo_area_manager + x.importo_amministrazione))
        FILTER (WHERE x.importo_amministrazione <> 0), 0),
      sum(x.s)::int, coalesce(sum(x.s) FILTER (WHERE x.importo_amministrazione <> 0), 0)::int,
      coalesce(sum(x.s) FILTER (WHERE x.importo_punto_fisico <> 0), 0)::int,
      coalesce(sum(x.s) FILTER (WHERE x.importo_agente <> 0), 0)::int,
      coalesce(sum(x.s) FILTER (WHERE x.importo_area_manager <> 0), 0)::int
    FROM (
      SELECT -1 AS s, o.* FROM vecchi o JOIN nuovi n ON n.id = o.id
      WHERE (o.data_completamento, o.punto_fisico_id, o.payee_punto_fisico_id, o.payee_agente_id, o.payee_area_manager_id,
             o.stato_pagamento, o.storno_of_id IS NOT NULL,
             o.importo_punto_fisico, o.importo_agente, o.importo_area_manager, o.importo_amministrazione)
        IS DISTINCT FROM (n.data_completamento, n.punto_fisico_id, n.payee_punto_fisico_id, n.payee_agente_id, n.payee_area_manager_id,
             n.stato_pagamento, n.storno_of_id IS NOT NULL,
             n.importo_punto_fisico, n.importo_agente, n.importo_area_manager, n.importo_amministrazione)
      UNION ALL
      SELECT 1, n.* FROM vecchi o JOIN nuovi n ON n.id = o.id
      WHERE (o.data_completamento, o.punto_fisico_id, o.payee_punto_fisico_id, o.payee_agente_id, o.payee_area_manager_id,
             o.stato_pagamento, o.storno_of_id IS NOT NULL,
             o.importo_punto_fisico, o.importo_agente, o.importo_area_manager, o.importo_amministrazione)
        IS DISTINCT FROM (n.data_completamento, n.punto_fisico_id, n.payee_punto_fisico_id, n.payee_agente_id, n.payee_area_manager_id,
             n.stato_pagamento, n.storno_of_id IS NOT NULL,
             n.importo_punto_fisico, n.importo_agente, n.importo_area_manager, n.importo_amministrazione)
    ) x GROUP BY 1, 2, 3, 4, 5, 6, 7
  ) d HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Existing data: the rows of 0013 are replaced by the same sums split into buckets, with counts.
DELETE FROM commissioni_giorni;--> statement-breakpoint
INSERT INTO commissioni_giorni (ambito, ambito_id, punto_fisico_id, giorno, stato_pagamento, storno, righe, importo)
SELECT * FROM commissioni_giorni_voci(ARRAY(
  SELECT ROW(d.*)::commissioni_giorno_delta FROM (
    SELECT (x.data_completamento AT TIME ZONE 'Europe/Rome')::date, x.punto_fisico_id,
      x.payee_punto_fisico_id, x.payee_agente_id, x.payee_area_manager_id, x.stato_pagamento, x.storno_of_id IS NOT NULL,
      sum(x.importo_punto_fisico), sum(x.importo_agente), sum(x.importo_area_manager), sum(x.importo_amministrazione),
      coalesce(sum(x.importo_punto_fisico + x.importo_agente + x.importo_area_manager + x.importo_amministrazione)
        FILTER (WHERE x.importo_amministrazione <> 0), 0),
      count(*)::int, count(*) FILTER (WHERE x.importo_amministrazione <> 0)::int,
      count(*) FILTER (WHERE x.importo_punto_fisico <> 0)::int, count(*) FILTER (WHERE x.importo_agente <> 0)::int,
      count(*) FILTER (WHERE x.importo_area_manager <> 0)::int
    FROM commissioni x GROUP BY 1, 2, 3, 4, 5, 6, 7
  ) d
));
