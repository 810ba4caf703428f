CREATE TABLE "contatori_punti" (
	"punto_fisico_id" integer NOT NULL,
	"voce" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "contatori_punti_punto_fisico_id_voce_pk" PRIMARY KEY("punto_fisico_id","voce")
);
--> statement-breakpoint
DROP TABLE "contatori" CASCADE;--> statement-breakpoint
DROP TABLE "contatori_attesa" CASCADE;--> statement-breakpoint
DROP TABLE "lead_punti" CASCADE;--> statement-breakpoint
DROP TABLE "lead_utenti" CASCADE;--> statement-breakpoint
DROP INDEX "leads_coda_punto_idx";--> statement-breakpoint
CREATE INDEX "contatori_punti_voce_idx" ON "contatori_punti" USING btree ("voce","punto_fisico_id","n");--> statement-breakpoint
CREATE INDEX "leads_coda_punto_idx" ON "leads" USING btree ("punto_fisico_originale_id","chiamata_fissata","chiamata_da","id","telefono_normalizzato") WHERE chiamata_da is not null and dati_cancellati_at is null;--> statement-breakpoint
ALTER TABLE "pratiche" DROP COLUMN "stati_servizi";--> statement-breakpoint
-- The points' counters: one definition per table's trigger, written in the same transaction as the
-- change (docs/performance.md#contatori). Replaces the per-person copies (lead_utenti), the
-- per-point lead copies (lead_punti), the waiting table with its company stripes and the practices'
-- service bits.
DROP TRIGGER leads_contatori_delete ON leads;--> statement-breakpoint
DROP TRIGGER leads_contatori_insert ON leads;--> statement-breakpoint
DROP TRIGGER leads_contatori_update ON leads;--> statement-breakpoint
DROP TRIGGER pratiche_contatori_delete ON pratiche;--> statement-breakpoint
DROP TRIGGER pratiche_contatori_insert ON pratiche;--> statement-breakpoint
DROP TRIGGER pratiche_contatori_update ON pratiche;--> statement-breakpoint
DROP TRIGGER punti_fisici_contatori_delete ON punti_fisici;--> statement-breakpoint
DROP TRIGGER punti_fisici_contatori_update ON punti_fisici;--> statement-breakpoint
DROP TRIGGER servizi_contatori_delete ON servizi;--> statement-breakpoint
DROP TRIGGER servizi_contatori_insert ON servizi;--> statement-breakpoint
DROP TRIGGER servizi_contatori_update ON servizi;--> statement-breakpoint
DROP TRIGGER servizi_stati_delete ON servizi;--> statement-breakpoint
DROP TRIGGER servizi_stati_insert ON servizi;--> statement-breakpoint
DROP TRIGGER servizi_stati_update ON servizi;--> statement-breakpoint
DROP FUNCTION contatori_attesa_da_segnalare();--> statement-breakpoint
DROP FUNCTION contatori_servizi_applica(servizio_delta[]);--> statement-breakpoint
DROP FUNCTION contatori_servizi_ricalcola(servizio_delta[], servizio_delta[]);--> statement-breakpoint
DROP FUNCTION contatori_somma(text, integer, text, integer);--> statement-breakpoint
DROP FUNCTION contatori_versa_attesa();--> statement-breakpoint
DROP FUNCTION lead_punti_applica(integer[], integer[], integer[]);--> statement-breakpoint
DROP FUNCTION lead_utenti_applica(text[], integer[], integer[], integer[]);--> statement-breakpoint
DROP FUNCTION leads_dopo_delete();--> statement-breakpoint
DROP FUNCTION leads_dopo_insert();--> statement-breakpoint
DROP FUNCTION leads_dopo_update();--> statement-breakpoint
DROP FUNCTION pratiche_dopo_insert();--> statement-breakpoint
DROP FUNCTION pratiche_dopo_update();--> statement-breakpoint
DROP FUNCTION pratiche_prima_delete();--> statement-breakpoint
DROP FUNCTION pratiche_stati_servizi_ricalcola(integer[]);--> statement-breakpoint
DROP FUNCTION punti_fisici_dopo_update();--> statement-breakpoint
DROP FUNCTION punti_fisici_prima_delete();--> statement-breakpoint
DROP FUNCTION ricalcola_contatori_e_perimetro();--> statement-breakpoint
DROP FUNCTION ricerca_chiavi(integer, text);--> statement-breakpoint
DROP FUNCTION servizi_dopo_delete();--> statement-breakpoint
DROP FUNCTION servizi_dopo_insert();--> statement-breakpoint
DROP FUNCTION servizi_dopo_update();--> statement-breakpoint
DROP FUNCTION servizi_stati_dopo_delete();--> statement-breakpoint
DROP FUNCTION servizi_stati_dopo_insert();--> statement-breakpoint
DROP FUNCTION servizi_stati_dopo_update();--> statement-breakpoint
DROP FUNCTION servizio_stato_bit(text, text);--> statement-breakpoint
-- Adds (point, figure, delta) rows to the counters, in key order (two transactions touching the
-- same points lock their rows in the same order).
CREATE FUNCTION contatori_punti_somma(punti integer[], voci text[], delta integer[]) RETURNS void
    LANGUAGE sql
    AS $$
  INSERT INTO contatori_punti AS c (punto_fisico_id, voce, n)
  SELECT x.p, x.v, sum(x.d)::integer FROM unnest(punti, voci, delta) AS x(p, v, d)
  GROUP BY 1, 2 HAVING sum(x.d) <> 0 ORDER BY 1, 2
  ON CONFLICT (punto_fisico_id, voce) DO UPDATE SET n = c.n + excluded.n
$$;
--> statement-breakpoint
-- Service rows entering (+1) or leaving (-1) a point: the services per (type, status), and the
-- practices per (type, status), (status) and (type), each practice once per key.
CREATE FUNCTION contatori_punti_servizi(righe servizio_delta[]) RETURNS void
    LANGUAGE sql
    AS $$
  WITH r AS (SELECT coalesce(x.punto, 0) AS punto, x.pratica, x.tipo, x.stato, x.segno FROM unnest(righe) AS x),
  voci AS (
    SELECT punto, 'servizi|' || tipo || '|' || stato AS voce, segno AS n FROM r
    UNION ALL
    SELECT punto, 'pratiche|' || tipo || '|' || stato, segno FROM (SELECT DISTINCT punto, pratica, tipo, stato, segno FROM r) f
    UNION ALL
    SELECT punto, 'pratiche|*|' || stato, segno FROM (SELECT DISTINCT punto, pratica, stato, segno FROM r) f
    UNION ALL
    SELECT punto, 'pratiche|' || tipo || '|*', segno FROM (SELECT DISTINCT punto, pratica, tipo, segno FROM r) f
  )
  SELECT contatori_punti_somma(array_agg(punto), array_agg(voce), array_agg(n)) FROM voci
$$;
--> statement-breakpoint
-- Services inserted (nuovi), deleted (vecchi) or updated (both): the practices they touch, as they
-- are now (after) and as they were (now, minus the new rows, plus the old ones). A practice being
-- deleted is no longer found here: its own trigger took its services out.
CREATE FUNCTION contatori_punti_servizi_ricalcola(nuovi servizio_delta[], vecchi servizio_delta[]) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE righe servizio_delta[];
BEGIN
  WITH a AS (
    SELECT p.id AS pratica, p.punto_fisico_id AS punto FROM pratiche p
    WHERE p.id IN (SELECT x.pratica FROM unnest(nuovi) x UNION SELECT x.pratica FROM unnest(vecchi) x)
  ),
  dopo AS (SELECT s.pratica_id AS pratica, s.tipo_servizio AS tipo, s.stato FROM servizi s JOIN a ON a.pratica = s.pratica_id),
  prima AS (
    (SELECT pratica, tipo, stato FROM dopo EXCEPT ALL SELECT x.pratica, x.tipo, x.stato FROM unnest(nuovi) x)
    UNION ALL
    SELECT x.pratica, x.tipo, x.stato FROM unnest(vecchi) x WHERE x.pratica IN (SELECT pratica FROM a)
  )
  SELECT array_agg(ROW(a.punto, r.pratica, r.tipo, r.stato, r.segno)::servizio_delta) INTO righe
  FROM (SELECT *, 1 AS segno FROM dopo UNION ALL SELECT *, -1 FROM prima) r JOIN a USING (pratica);
  IF righe IS NOT NULL THEN PERFORM contatori_punti_servizi(righe); END IF;
END $$;
--> statement-breakpoint
-- Leads: each counted at its first point (0 = none). An update also refreshes the practices' copies
-- of the customer's search text and phone key (pratiche_cliente writes them on insert).
CREATE FUNCTION contatori_punti_leads() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM contatori_punti_somma(array_agg(coalesce(punto_fisico_originale_id, 0)), array_agg('lead'::text), array_agg(1))
      FROM nuovi;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM contatori_punti_somma(array_agg(coalesce(punto_fisico_originale_id, 0)), array_agg('lead'::text), array_agg(-1))
      FROM vecchi;
  ELSE
    -- Rows compared as sets (EXCEPT, hashed): a join of the transition tables, which have no
    -- statistics, may be planned as a nested loop over both.
    PERFORM contatori_punti_somma(array_agg(x.p), array_agg('lead'::text), array_agg(x.d)) FROM (
      SELECT coalesce(o.punto_fisico_originale_id, 0) AS p, -1 AS d
        FROM (SELECT id, punto_fisico_originale_id FROM vecchi EXCEPT SELECT id, punto_fisico_originale_id FROM nuovi) o
      UNION ALL
      SELECT coalesce(n.punto_fisico_originale_id, 0), 1
        FROM (SELECT id, punto_fisico_originale_id FROM nuovi EXCEPT SELECT id, punto_fisico_originale_id FROM vecchi) n
    ) x;
    UPDATE pratiche p SET cerca = n.cerca, telefono_normalizzato = n.telefono_normalizzato
      FROM (SELECT id, cerca, telefono_normalizzato FROM nuovi EXCEPT SELECT id, cerca, telefono_normalizzato FROM vecchi) n
      WHERE p.lead_id = n.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Practices inserted, or moved to another point with their services' figures.
CREATE FUNCTION contatori_punti_pratiche() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE righe servizio_delta[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM contatori_punti_somma(array_agg(coalesce(punto_fisico_id, 0)), array_agg('pratiche'::text), array_agg(1))
      FROM nuovi;
    RETURN NULL;
  END IF;
  -- Most updates (status, notes, the altro_punto mark) move nothing: rows compared as sets, as above.
  IF NOT EXISTS (SELECT id, punto_fisico_id FROM vecchi EXCEPT SELECT id, punto_fisico_id FROM nuovi) THEN
    RETURN NULL;
  END IF;
  PERFORM contatori_punti_somma(array_agg(x.p), array_agg('pratiche'::text), array_agg(x.d)) FROM (
    SELECT coalesce(o.punto_fisico_id, 0) AS p, -1 AS d
      FROM (SELECT id, punto_fisico_id FROM vecchi EXCEPT SELECT id, punto_fisico_id FROM nuovi) o
    UNION ALL
    SELECT coalesce(n.punto_fisico_id, 0), 1
      FROM (SELECT id, punto_fisico_id FROM nuovi EXCEPT SELECT id, punto_fisico_id FROM vecchi) n
  ) x;
  SELECT array_agg(r) INTO righe FROM (
    SELECT ROW(o.punto_fisico_id, o.id, s.tipo_servizio, s.stato, -1)::servizio_delta AS r
      FROM (SELECT id, punto_fisico_id FROM vecchi EXCEPT SELECT id, punto_fisico_id FROM nuovi) o
      JOIN servizi s ON s.pratica_id = o.id
    UNION ALL
    SELECT ROW(n.punto_fisico_id, n.id, s.tipo_servizio, s.stato, 1)::servizio_delta
      FROM (SELECT id, punto_fisico_id FROM nuovi EXCEPT SELECT id, punto_fisico_id FROM vecchi) n
      JOIN servizi s ON s.pratica_id = n.id
  ) x;
  IF righe IS NOT NULL THEN PERFORM contatori_punti_servizi(righe); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A practice deleted, before its services go with it (their own trigger no longer finds it).
CREATE FUNCTION contatori_punti_pratica_eliminata() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE righe servizio_delta[];
BEGIN
  PERFORM contatori_punti_somma(ARRAY[coalesce(OLD.punto_fisico_id, 0)], ARRAY['pratiche'], ARRAY[-1]);
  SELECT array_agg(ROW(OLD.punto_fisico_id, OLD.id, s.tipo_servizio, s.stato, -1)::servizio_delta) INTO righe
    FROM servizi s WHERE s.pratica_id = OLD.id;
  IF righe IS NOT NULL THEN PERFORM contatori_punti_servizi(righe); END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE FUNCTION contatori_punti_servizi_cambiati() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM contatori_punti_servizi_ricalcola(array_agg(ROW(NULL, pratica_id, tipo_servizio, stato, 1)::servizio_delta), '{}')
      FROM nuovi HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM contatori_punti_servizi_ricalcola('{}', array_agg(ROW(NULL, pratica_id, tipo_servizio, stato, -1)::servizio_delta))
      FROM vecchi HAVING count(*) > 0;
  -- Most updates (amounts, dates, supplier) touch no counted key.
  ELSIF EXISTS (SELECT id, pratica_id, tipo_servizio, stato FROM vecchi EXCEPT SELECT id, pratica_id, tipo_servizio, stato FROM nuovi) THEN
    PERFORM contatori_punti_servizi_ricalcola(
      (SELECT array_agg(ROW(NULL, pratica_id, tipo_servizio, stato, 1)::servizio_delta) FROM nuovi),
      (SELECT array_agg(ROW(NULL, pratica_id, tipo_servizio, stato, -1)::servizio_delta) FROM vecchi));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A point deleted: its leads and practices stay, at no point (their triggers move their figures to
-- point 0), and its own counters go.
CREATE FUNCTION punti_fisici_eliminazione() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE leads SET punto_fisico_originale_id = NULL WHERE punto_fisico_originale_id = OLD.id;
  UPDATE pratiche SET punto_fisico_id = NULL WHERE punto_fisico_id = OLD.id;
  DELETE FROM contatori_punti WHERE punto_fisico_id = OLD.id;
  RETURN OLD;
END $$;
--> statement-breakpoint
-- Every counter computed afresh (after a load without triggers, scripts/seed-demo/copy.ts, and here).
CREATE FUNCTION ricalcola_contatori_punti() RETURNS void
    LANGUAGE plpgsql
    AS $$
BEGIN
  TRUNCATE contatori_punti;
  INSERT INTO contatori_punti (punto_fisico_id, voce, n)
  SELECT coalesce(punto_fisico_originale_id, 0), 'lead', count(*) FROM leads GROUP BY 1
  UNION ALL SELECT coalesce(punto_fisico_id, 0), 'pratiche', count(*) FROM pratiche GROUP BY 1
  UNION ALL SELECT coalesce(p.punto_fisico_id, 0), 'servizi|' || s.tipo_servizio || '|' || s.stato, count(*)
    FROM servizi s JOIN pratiche p ON p.id = s.pratica_id GROUP BY 1, 2
  UNION ALL SELECT coalesce(p.punto_fisico_id, 0), 'pratiche|' || s.tipo_servizio || '|' || s.stato, count(DISTINCT p.id)
    FROM servizi s JOIN pratiche p ON p.id = s.pratica_id GROUP BY 1, 2
  UNION ALL SELECT coalesce(p.punto_fisico_id, 0), 'pratiche|*|' || s.stato, count(DISTINCT p.id)
    FROM servizi s JOIN pratiche p ON p.id = s.pratica_id GROUP BY 1, 2
  UNION ALL SELECT coalesce(p.punto_fisico_id, 0), 'pratiche|' || s.tipo_servizio || '|*', count(DISTINCT p.id)
    FROM servizi s JOIN pratiche p ON p.id = s.pratica_id GROUP BY 1, 2;
END $$;
--> statement-breakpoint
CREATE TRIGGER contatori_punti_leads_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION contatori_punti_leads();--> statement-breakpoint
CREATE TRIGGER contatori_punti_leads_update AFTER UPDATE ON leads REFERENCING OLD TABLE AS vecchi NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION contatori_punti_leads();--> statement-breakpoint
CREATE TRIGGER contatori_punti_leads_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS vecchi FOR EACH STATEMENT EXECUTE FUNCTION contatori_punti_leads();--> statement-breakpoint
CREATE TRIGGER contatori_punti_pratiche_insert AFTER INSERT ON pratiche REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION contatori_punti_pratiche();--> statement-breakpoint
CREATE TRIGGER contatori_punti_pratiche_update AFTER UPDATE ON pratiche REFERENCING OLD TABLE AS vecchi NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION contatori_punti_pratiche();--> statement-breakpoint
CREATE TRIGGER contatori_punti_pratiche_delete BEFORE DELETE ON pratiche FOR EACH ROW EXECUTE FUNCTION contatori_punti_pratica_eliminata();--> statement-breakpoint
CREATE TRIGGER contatori_punti_servizi_insert AFTER INSERT ON servizi REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION contatori_punti_servizi_cambiati();--> statement-breakpoint
CREATE TRIGGER contatori_punti_servizi_update AFTER UPDATE ON servizi REFERENCING OLD TABLE AS vecchi NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION contatori_punti_servizi_cambiati();--> statement-breakpoint
CREATE TRIGGER contatori_punti_servizi_delete AFTER DELETE ON servizi REFERENCING OLD TABLE AS vecchi FOR EACH STATEMENT EXECUTE FUNCTION contatori_punti_servizi_cambiati();--> statement-breakpoint
CREATE TRIGGER punti_fisici_eliminazione BEFORE DELETE ON punti_fisici FOR EACH ROW EXECUTE FUNCTION punti_fisici_eliminazione();--> statement-breakpoint
SELECT ricalcola_contatori_punti();
