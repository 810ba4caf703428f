CREATE TABLE "ricerca_versione_attesa" (
	"n" integer NOT NULL
);
--> statement-breakpoint
-- The search version moves at the commit of the change (docs/performance.md#ricerche-ampie), as the
-- counters do (0017): the triggers of 0026 appended an UPDATE of the one version row to the
-- statement that deleted or renamed, so the row stayed locked for the rest of that transaction and
-- a second transaction holding a row the first one wanted next could deadlock with it. Now they
-- append a row here, and a deferred constraint trigger moves the version once during COMMIT, after
-- every other lock, and removes the rows. Readers see the version move exactly when the rows do.
ALTER TABLE "ricerca_versione_attesa" SET UNLOGGED;--> statement-breakpoint
CREATE FUNCTION ricerca_versione_versa_attesa() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only this transaction's rows are visible here; the first call takes them all, the rest find none.
  WITH v AS (DELETE FROM ricerca_versione_attesa RETURNING 1)
  UPDATE ricerca_versione SET n = n + 1 WHERE EXISTS (SELECT 1 FROM v);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ricerca_versione_attesa_al_commit AFTER INSERT ON ricerca_versione_attesa
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ricerca_versione_versa_attesa();--> statement-breakpoint
CREATE OR REPLACE FUNCTION ricerca_versione_avanza() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ricerca_versione_attesa VALUES (1);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ricerca_versione_dopo_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM vecchi) THEN
    INSERT INTO ricerca_versione_attesa VALUES (1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ricerca_versione_dopo_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM vecchi o JOIN nuovi n ON n.id = o.id
    WHERE (o.cerca, o.telefono_normalizzato) IS DISTINCT FROM (n.cerca, n.telefono_normalizzato)
  ) THEN
    INSERT INTO ricerca_versione_attesa VALUES (1);
  END IF;
  RETURN NULL;
END $$;
