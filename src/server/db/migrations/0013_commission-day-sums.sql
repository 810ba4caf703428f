CREATE TABLE "commissioni_giorni" (
	"ambito" text NOT NULL,
	"ambito_id" integer NOT NULL,
	"punto_fisico_id" integer NOT NULL,
	"giorno" date NOT NULL,
	"importo" numeric(14, 2) NOT NULL,
	CONSTRAINT "commissioni_giorni_ambito_ambito_id_punto_fisico_id_giorno_pk" PRIMARY KEY("ambito","ambito_id","punto_fisico_id","giorno")
);
--> statement-breakpoint
-- Hand-written (drizzle-kit does not emit functions or triggers): commission sums per Europe/Rome
-- day and scope, kept in the same transaction as every change to commissioni, so that the
-- dashboard and a point's stats read a few hundred rows instead of summing every commission in
-- scope. Statement-level triggers with transition tables, like migration 0011: the commissions of
-- a COPY are first summed per (day, point, payees), then spread over the scopes in one pass.
-- See docs/performance.md#somme-delle-commissioni and docs/decisions/028-somme-delle-commissioni-per-giorno.md
CREATE TYPE "commissioni_giorno_delta" AS (
  "giorno" date, "punto" integer, "payee_pf" integer, "payee_ag" integer, "payee_am" integer,
  "pf" numeric, "ag" numeric, "am" numeric, "amm" numeric, "amministrazione" numeric
);--> statement-breakpoint
-- The rows each scope adds up (the commission list's scope and amount per role): admin
-- importo_amministrazione of every row; amministrazione the four amounts of the rows with
-- importo_amministrazione <> 0 (summed by the caller into "amministrazione"); a payee its own
-- amount. Each scope for every point (punto_fisico_id 0) and for the commission's own point.
CREATE FUNCTION commissioni_giorni_voci(righe commissioni_giorno_delta[])
RETURNS TABLE (ambito text, ambito_id integer, punto_fisico_id integer, giorno date, importo numeric)
LANGUAGE sql AS $$
  WITH b AS MATERIALIZED (SELECT * FROM unnest(righe)),
  v (ambito, ambito_id, punto_fisico_id, giorno, importo) AS (
    SELECT 'admin', 0, 0, b.giorno, sum(b.amm) FROM b GROUP BY b.giorno
    UNION ALL SELECT 'admin', 0, b.punto, b.giorno, sum(b.amm) FROM b WHERE b.punto IS NOT NULL GROUP BY b.punto, b.giorno
    UNION ALL SELECT 'amministrazione', 0, 0, b.giorno, sum(b.amministrazione) FROM b GROUP BY b.giorno
    UNION ALL SELECT 'amministrazione', 0, b.punto, b.giorno, sum(b.amministrazione) FROM b WHERE b.punto IS NOT NULL GROUP BY b.punto, b.giorno
    UNION ALL SELECT 'punto_fisico', b.payee_pf, 0, b.giorno, sum(b.pf) FROM b WHERE b.payee_pf IS NOT NULL GROUP BY b.payee_pf, b.giorno
    UNION ALL SELECT 'punto_fisico', b.payee_pf, b.punto, b.giorno, sum(b.pf) FROM b
      WHERE b.payee_pf IS NOT NULL AND b.punto IS NOT NULL GROUP BY b.payee_pf, b.punto, b.giorno
    UNION ALL SELECT 'agente', b.payee_ag, 0, b.giorno, sum(b.ag) FROM b WHERE b.payee_ag IS NOT NULL GROUP BY b.payee_ag, b.giorno
    UNION ALL SELECT 'agente', b.payee_ag, b.punto, b.giorno, sum(b.ag) FROM b
      WHERE b.payee_ag IS NOT NULL AND b.punto IS NOT NULL GROUP BY b.payee_ag, b.punto, b.giorno
    UNION ALL SELECT 'area_manager', b.payee_am, 0, b.giorno, sum(b.am) FROM b WHERE b.payee_am IS NOT NULL GROUP BY b.payee_am, b.giorno
    UNION ALL SELECT 'area_manager', b.payee_am, b.punto, b.giorno, sum(b.am) FROM b
      WHERE b.payee_am IS NOT NULL AND b.punto IS NOT NULL GROUP BY b.payee_am, b.punto, b.giorno
  )
  SELECT * FROM v WHERE v.importo <> 0;
$$;--> statement-breakpoint
CREATE FUNCTION commissioni_giorni_applica(righe commissioni_giorno_delta[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO commissioni_giorni AS g (ambito, ambito_id, punto_fisico_id, giorno, importo)
  SELECT * FROM commissioni_giorni_voci(righe)
  ON CONFLICT (ambito, ambito_id, punto_fisico_id, giorno) DO UPDATE SET importo = g.importo + excluded.importo;
$$;--> statement-breakpoint
CREATE FUNCTION commissioni_giorni_dopo_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM commissioni_giorni_applica(array_agg(ROW(d.*)::commissioni_giorno_delta)) FROM (
    SELECT (data_completamento AT TIME ZONE 'Europe/Rome')::date, punto_fisico_id,
      payee_punto_fisico_id, payee_agente_id, payee_area_manager_id,
      sum(importo_punto_fisico), sum(importo_agente), sum(importo_area_manager), sum(importo_amministrazione),
      coalesce(sum(importo_punto_fisico + importo_agente + importo_area_manager + importo_amministrazione)
        FILTER (WHERE importo_amministrazione <> 0), 0)
    FROM nuovi GROUP BY 1, 2, 3, 4, 5
  ) d HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION commissioni_giorni_dopo_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM commissioni_giorni_applica(array_agg(ROW(d.*)::commissioni_giorno_delta)) FROM (
    SELECT (data_completamento AT TIME ZONE 'Europe/Rome')::date, punto_fisico_id,
      payee_punto_fisico_id, payee_agente_id, payee_area_manager_id,
      -sum(importo_punto_fisico), -sum(importo_agente), -sum(importo_area_manager), -sum(importo_amministrazione),
      -coalesce(sum(importo_punto_fisico + importo_agente + importo_area_manager + importo_amministrazione)
        FILTER (WHERE importo_amministrazione <> 0), 0)
    FROM vecchi GROUP BY 1, 2, 3, 4, 5
  ) d HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An update moves a row's amounts from its old day, point and payees to the new ones. Most
-- updates (payment status, notes, an erased customer name) touch none of them. A point deleted
-- sets punto_fisico_id to NULL (ON DELETE SET NULL): its per-point rows go to 0.
CREATE FUNCTION commissioni_giorni_dopo_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM commissioni_giorni_applica(array_agg(ROW(d.*)::commissioni_giorno_delta)) FROM (
    SELECT (x.data_completamento AT TIME ZONE 'Europe/Rome')::date, x.punto_fisico_id,
      x.payee_punto_fisico_id, x.payee_agente_id, x.payee_area_manager_id,
      sum(x.s * x.importo_punto_fisico), sum(x.s * x.importo_agente), sum(x.s * x.importo_area_manager),
      sum(x.s * x.importo_amministrazione),
      coalesce(sum(x.s * (x.importo_punto_fisico + x.importo_agente + x.importo_area_manager + x.importo_amministrazione))
        FILTER (WHERE x.importo_amministrazione <> 0), 0)
    FROM (
      SELECT -1 AS s, o.* FROM vecchi o JOIN nuovi n ON n.id = o.id
      WHERE (o.data_completamento, o.punto_fisico_id, o.payee_punto_fisico_id, o.payee_agente_id, o.payee_area_manager_id,
             o.importo_punto_fisico, o.importo_agente, o.importo_area_manager, o.importo_amministrazione)
        IS DISTINCT FROM (n.data_completamento, n.punto_fisico_id, n.payee_punto_fisico_id, n.payee_agente_id, n.payee_area_manager_id,
             n.importo_punto_fisico, n.importo_agente, n.importo_area_manager, n.importo_amministrazione)
      UNION ALL
      SELECT 1, n.* FROM vecchi o JOIN nuovi n ON n.id = o.id
      WHERE (o.data_completamento, o.punto_fisico_id, o.payee_punto_fisico_id, o.payee_agente_id, o.payee_area_manager_id,
             o.importo_punto_fisico, o.importo_agente, o.importo_area_manager, o.importo_amministrazione)
        IS DISTINCT FROM (n.data_completamento, n.punto_fisico_id, n.payee_punto_fisico_id, n.payee_agente_id, n.payee_area_manager_id,
             n.importo_punto_fisico, n.importo_agente, n.importo_area_manager, n.importo_amministrazione)
    ) x GROUP BY 1, 2, 3, 4, 5
  ) d HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER commissioni_giorni_insert AFTER INSERT ON commissioni REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION commissioni_giorni_dopo_insert();--> statement-breakpoint
CREATE TRIGGER commissioni_giorni_delete AFTER DELETE ON commissioni REFERENCING OLD TABLE AS vecchi FOR EACH STATEMENT EXECUTE FUNCTION commissioni_giorni_dopo_delete();--> statement-breakpoint
CREATE TRIGGER commissioni_giorni_update AFTER UPDATE ON commissioni REFERENCING OLD TABLE AS vecchi NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION commissioni_giorni_dopo_update();--> statement-breakpoint
-- Existing data: the same sums, computed once (the table is empty: a plain insert).
INSERT INTO commissioni_giorni (ambito, ambito_id, punto_fisico_id, giorno, importo)
SELECT * FROM commissioni_giorni_voci(ARRAY(
  SELECT ROW(d.*)::commissioni_giorno_delta FROM (
    SELECT (data_completamento AT TIME ZONE 'Europe/Rome')::date, punto_fisico_id,
      payee_punto_fisico_id, payee_agente_id, payee_area_manager_id,
      sum(importo_punto_fisico), sum(importo_agente), sum(importo_area_manager), sum(importo_amministrazione),
      coalesce(sum(importo_punto_fisico + importo_agente + importo_area_manager + importo_amministrazione)
        FILTER (WHERE importo_amministrazione <> 0), 0)
    FROM commissioni GROUP BY 1, 2, 3, 4, 5
  ) d
));
