CREATE TABLE "ricerca_versione" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ricerca_versione_una_riga" CHECK ("ricerca_versione"."id")
);
--> statement-breakpoint
-- The search version (docs/performance.md#ricerche-ampie): moves when a search's matches may have
-- left it, never on an insert (a search only gains matches then). In the same transaction as the
-- change, so a statement that reads the version and the matches sees both before or both after.
INSERT INTO "ricerca_versione" DEFAULT VALUES;--> statement-breakpoint
CREATE FUNCTION ricerca_versione_avanza() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ricerca_versione SET n = n + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Rows deleted: leads, practices, a person's scope rows (a point handed to someone else).
CREATE FUNCTION ricerca_versione_dopo_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM vecchi) THEN
    UPDATE ricerca_versione SET n = n + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A row's search text or phone key changed (a lead renamed or erased, a practice moved to another
-- customer): leads and pratiche, both keyed by id.
CREATE FUNCTION ricerca_versione_dopo_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM vecchi o JOIN nuovi n ON n.id = o.id
    WHERE (o.cerca, o.telefono_normalizzato) IS DISTINCT FROM (n.cerca, n.telefono_normalizzato)
  ) THEN
    UPDATE ricerca_versione SET n = n + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER leads_ricerca_versione_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS vecchi FOR EACH STATEMENT EXECUTE FUNCTION ricerca_versione_dopo_delete();--> statement-breakpoint
CREATE TRIGGER pratiche_ricerca_versione_delete AFTER DELETE ON pratiche REFERENCING OLD TABLE AS vecchi FOR EACH STATEMENT EXECUTE FUNCTION ricerca_versione_dopo_delete();--> statement-breakpoint
CREATE TRIGGER lead_utenti_ricerca_versione_delete AFTER DELETE ON lead_utenti REFERENCING OLD TABLE AS vecchi FOR EACH STATEMENT EXECUTE FUNCTION ricerca_versione_dopo_delete();--> statement-breakpoint
CREATE TRIGGER leads_ricerca_versione_update AFTER UPDATE ON leads REFERENCING OLD TABLE AS vecchi NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION ricerca_versione_dopo_update();--> statement-breakpoint
CREATE TRIGGER pratiche_ricerca_versione_update AFTER UPDATE ON pratiche REFERENCING OLD TABLE AS vecchi NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION ricerca_versione_dopo_update();--> statement-breakpoint
-- Emptied at once (the rebuild of the scope rows after a bulk load).
CREATE TRIGGER leads_ricerca_versione_truncate AFTER TRUNCATE ON leads FOR EACH STATEMENT EXECUTE FUNCTION ricerca_versione_avanza();--> statement-breakpoint
CREATE TRIGGER pratiche_ricerca_versione_truncate AFTER TRUNCATE ON pratiche FOR EACH STATEMENT EXECUTE FUNCTION ricerca_versione_avanza();--> statement-breakpoint
CREATE TRIGGER lead_utenti_ricerca_versione_truncate AFTER TRUNCATE ON lead_utenti FOR EACH STATEMENT EXECUTE FUNCTION ricerca_versione_avanza();
