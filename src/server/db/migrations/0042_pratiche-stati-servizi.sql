-- Each practice carries the (type, status) pairs its services hold, one bit each
-- (docs/performance.md#ricerca-delle-pratiche): a search's practices, read once with this column,
-- are counted per status, filtered by service and status and paged without reading their
-- services (at 100,000 leads a surname's 1,100 practices cost 28 ms of SQL, 20 of them in the
-- per-status count and the page among them). The layout is servizioStatoBit's in schema.ts:
-- four bits per type in the catalogue's order, one per status; a test compares the two.
CREATE FUNCTION servizio_stato_bit(tipo text, stato text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 1 << ((array_position(ARRAY['luce', 'gas', 'internet', 'noleggio', 'finanziamenti', 'assicurazioni'], tipo) - 1) * 4
    + array_position(ARRAY['inserito', 'in_lavorazione', 'completato', 'ko'], stato) - 1)
$$;--> statement-breakpoint
ALTER TABLE "pratiche" ADD COLUMN "stati_servizi" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Filled with the practices' own triggers off: nothing they keep depends on this column, and
-- their checks over the old and new rows of a statement this large would compare every pair.
ALTER TABLE "pratiche" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE pratiche p SET stati_servizi = x.m
  FROM (SELECT pratica_id, bit_or(servizio_stato_bit(tipo_servizio, stato)) AS m FROM servizi GROUP BY 1) x
  WHERE x.pratica_id = p.id;--> statement-breakpoint
ALTER TABLE "pratiche" ENABLE TRIGGER USER;--> statement-breakpoint
-- The practices whose services a statement added, removed, moved or changed, computed again from
-- their services as they are now. A practice being deleted is already gone: nothing to write.
CREATE FUNCTION pratiche_stati_servizi_ricalcola(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE pratiche p SET stati_servizi = x.m
  FROM (
    SELECT a.id, coalesce(bit_or(servizio_stato_bit(s.tipo_servizio, s.stato)), 0) AS m
    FROM unnest(ids) AS a(id) LEFT JOIN servizi s ON s.pratica_id = a.id
    GROUP BY a.id
  ) x
  WHERE p.id = x.id AND p.stati_servizi <> x.m;
END $$;--> statement-breakpoint
-- One generic plan per connection, like the counters' functions (migration 0038).
ALTER FUNCTION pratiche_stati_servizi_ricalcola(integer[]) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
CREATE FUNCTION servizi_stati_dopo_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pratiche_stati_servizi_ricalcola(array_agg(DISTINCT pratica_id)) FROM nuovi HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION servizi_stati_dopo_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pratiche_stati_servizi_ricalcola(array_agg(DISTINCT pratica_id)) FROM vecchi HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION servizi_stati_dopo_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates (amounts, dates, supplier) change no pair. Rows compared as sets (see below).
  PERFORM pratiche_stati_servizi_ricalcola(array_agg(DISTINCT x.pratica_id)) FROM (
    (SELECT id, pratica_id, tipo_servizio, stato FROM vecchi EXCEPT SELECT id, pratica_id, tipo_servizio, stato FROM nuovi)
    UNION ALL
    (SELECT id, pratica_id, tipo_servizio, stato FROM nuovi EXCEPT SELECT id, pratica_id, tipo_servizio, stato FROM vecchi)
  ) x HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER servizi_stati_insert AFTER INSERT ON servizi REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION servizi_stati_dopo_insert();--> statement-breakpoint
CREATE TRIGGER servizi_stati_delete AFTER DELETE ON servizi REFERENCING OLD TABLE AS vecchi FOR EACH STATEMENT EXECUTE FUNCTION servizi_stati_dopo_delete();--> statement-breakpoint
CREATE TRIGGER servizi_stati_update AFTER UPDATE ON servizi REFERENCING OLD TABLE AS vecchi NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION servizi_stati_dopo_update();--> statement-breakpoint
-- The early exits of the update triggers the column's writes now fire (the practices' own: migration
-- 0043), asked as sets: "is there an old row (id, keys) that no new row has". Written as
-- `EXISTS (old JOIN new ON id WHERE keys differ)`, PostgreSQL planned a nested loop over the two
-- transition tables (it stops at the first match, and usually expects one), and PL/pgSQL keeps the
-- plan made at a connection's first call, a one-row update: an update of 3,000 practices compared
-- 9,000,000 pairs per trigger, 5 s in all (10,000: over a minute). EXCEPT hashes or sorts both
-- sides whatever the plan.
CREATE OR REPLACE FUNCTION ricerca_versione_dopo_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT id, cerca, telefono_normalizzato FROM vecchi EXCEPT SELECT id, cerca, telefono_normalizzato FROM nuovi) THEN
    INSERT INTO ricerca_versione_attesa VALUES (1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION servizi_dopo_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates (amounts, dates, supplier) touch no counted key.
  IF NOT EXISTS (SELECT id, pratica_id, tipo_servizio, stato FROM vecchi EXCEPT SELECT id, pratica_id, tipo_servizio, stato FROM nuovi) THEN
    RETURN NULL;
  END IF;
  PERFORM contatori_servizi_ricalcola(
    (SELECT array_agg(ROW(NULL, pratica_id, tipo_servizio, stato, 1)::servizio_delta) FROM nuovi),
    (SELECT array_agg(ROW(NULL, pratica_id, tipo_servizio, stato, -1)::servizio_delta) FROM vecchi));
  RETURN NULL;
END $$;
