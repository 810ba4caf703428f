CREATE TABLE "servizi_elenco" (
	"servizio_id" integer PRIMARY KEY NOT NULL,
	"pratica_id" integer NOT NULL,
	"punto_fisico_id" integer,
	"tipo_servizio" text NOT NULL,
	"stato" text NOT NULL,
	"ko_motivazione" text,
	"data_creazione" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Hand-written: the existing services, copied once before the secondary indexes are built (one
-- set-based insert, then each index built in one pass). See docs/performance.md#filtri-delle-pratiche
INSERT INTO "servizi_elenco" (servizio_id, pratica_id, punto_fisico_id, tipo_servizio, stato, ko_motivazione, data_creazione)
SELECT s.id, s.pratica_id, p.punto_fisico_id, s.tipo_servizio, s.stato, s.ko_motivazione, p.data_creazione
FROM servizi s JOIN pratiche p ON p.id = s.pratica_id;--> statement-breakpoint
CREATE INDEX "servizi_elenco_idx" ON "servizi_elenco" USING btree ("tipo_servizio","stato","data_creazione","pratica_id");--> statement-breakpoint
CREATE INDEX "servizi_elenco_punto_idx" ON "servizi_elenco" USING btree ("punto_fisico_id","tipo_servizio","stato","data_creazione","pratica_id");--> statement-breakpoint
CREATE INDEX "servizi_elenco_ko_idx" ON "servizi_elenco" USING btree ("tipo_servizio","ko_motivazione","data_creazione","pratica_id") WHERE stato = 'ko';--> statement-breakpoint
CREATE INDEX "commissioni_pf_stato_idx" ON "commissioni" USING btree ("payee_punto_fisico_id","stato_pagamento","data_completamento","id") WHERE importo_punto_fisico <> 0;--> statement-breakpoint
CREATE INDEX "commissioni_ag_stato_idx" ON "commissioni" USING btree ("payee_agente_id","stato_pagamento","data_completamento","id") WHERE importo_agente <> 0;--> statement-breakpoint
CREATE INDEX "commissioni_am_stato_idx" ON "commissioni" USING btree ("payee_area_manager_id","stato_pagamento","data_completamento","id") WHERE importo_area_manager <> 0;--> statement-breakpoint
CREATE INDEX "contatori_voce_idx" ON "contatori" USING btree ("ambito","voce","ambito_id");--> statement-breakpoint
-- Hand-written (drizzle-kit does not emit functions or triggers): servizi_elenco follows every
-- insert, update and delete of servizi, and every change of a practice's point or date, in the
-- same transaction. Statement-level triggers with transition tables, like the counters (0011):
-- a COPY of a block of services is one set-based pass.
CREATE FUNCTION servizi_elenco_dopo_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO servizi_elenco (servizio_id, pratica_id, punto_fisico_id, tipo_servizio, stato, ko_motivazione, data_creazione)
  SELECT n.id, n.pratica_id, p.punto_fisico_id, n.tipo_servizio, n.stato, n.ko_motivazione, p.data_creazione
  FROM nuovi n JOIN pratiche p ON p.id = n.pratica_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION servizi_elenco_dopo_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE servizi_elenco e
  SET pratica_id = n.pratica_id, punto_fisico_id = p.punto_fisico_id, tipo_servizio = n.tipo_servizio,
      stato = n.stato, ko_motivazione = n.ko_motivazione, data_creazione = p.data_creazione
  FROM nuovi n JOIN pratiche p ON p.id = n.pratica_id
  WHERE e.servizio_id = n.id
    AND (e.pratica_id, e.punto_fisico_id, e.tipo_servizio, e.stato, e.ko_motivazione, e.data_creazione)
      IS DISTINCT FROM (n.pratica_id, p.punto_fisico_id, n.tipo_servizio, n.stato, n.ko_motivazione, p.data_creazione);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION servizi_elenco_dopo_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM servizi_elenco e USING vecchi o WHERE e.servizio_id = o.id;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A practice moved to another point (or to none): its services' rows follow, found through
-- servizi_pratica_idx and the primary key.
CREATE FUNCTION servizi_elenco_pratiche_dopo_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most practice updates (its status) move nothing: leave before touching servizi at all.
  IF NOT EXISTS (SELECT 1 FROM vecchi o JOIN nuovi n ON n.id = o.id
                 WHERE (o.punto_fisico_id, o.data_creazione) IS DISTINCT FROM (n.punto_fisico_id, n.data_creazione)) THEN
    RETURN NULL;
  END IF;
  UPDATE servizi_elenco e
  SET punto_fisico_id = n.punto_fisico_id, data_creazione = n.data_creazione
  FROM vecchi o JOIN nuovi n ON n.id = o.id JOIN servizi s ON s.pratica_id = n.id
  WHERE (o.punto_fisico_id, o.data_creazione) IS DISTINCT FROM (n.punto_fisico_id, n.data_creazione)
    AND e.servizio_id = s.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER servizi_elenco_insert AFTER INSERT ON servizi REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION servizi_elenco_dopo_insert();--> statement-breakpoint
CREATE TRIGGER servizi_elenco_update AFTER UPDATE ON servizi REFERENCING OLD TABLE AS vecchi NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION servizi_elenco_dopo_update();--> statement-breakpoint
CREATE TRIGGER servizi_elenco_delete AFTER DELETE ON servizi REFERENCING OLD TABLE AS vecchi FOR EACH STATEMENT EXECUTE FUNCTION servizi_elenco_dopo_delete();--> statement-breakpoint
CREATE TRIGGER servizi_elenco_pratiche_update AFTER UPDATE ON pratiche REFERENCING OLD TABLE AS vecchi NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION servizi_elenco_pratiche_dopo_update();--> statement-breakpoint
ANALYZE "servizi_elenco";
--> statement-breakpoint
-- Hand-written: servizi_elenco computed again from servizi and pratiche after a demo load without
-- triggers (copy.ts#rebuildDerivedTables, like the functions of 0015).
-- See docs/performance.md#caricamento-dei-dati-demo
CREATE FUNCTION ricalcola_servizi_elenco() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE servizi_elenco;
  INSERT INTO servizi_elenco (servizio_id, pratica_id, punto_fisico_id, tipo_servizio, stato, ko_motivazione, data_creazione)
  SELECT s.id, s.pratica_id, p.punto_fisico_id, s.tipo_servizio, s.stato, s.ko_motivazione, p.data_creazione
  FROM servizi s JOIN pratiche p ON p.id = s.pratica_id;
END $$;
