-- servizi_elenco carries the practice's customer, at the end of its two type indexes and first in
-- an index of its own: the leads' service filter reads the leads of a type's services, and a
-- lead's services of a type, from an index alone instead of reading practices and services
-- (docs/performance.md#filtro-per-servizio-dei-lead).
DROP INDEX "servizi_elenco_idx";--> statement-breakpoint
DROP INDEX "servizi_elenco_punto_idx";--> statement-breakpoint
ALTER TABLE "servizi_elenco" ADD COLUMN "lead_id" integer;--> statement-breakpoint
UPDATE "servizi_elenco" e SET lead_id = p.lead_id FROM pratiche p WHERE p.id = e.pratica_id;--> statement-breakpoint
ALTER TABLE "servizi_elenco" ALTER COLUMN "lead_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "servizi_elenco_idx" ON "servizi_elenco" USING btree ("tipo_servizio","stato","data_creazione","pratica_id","lead_id");--> statement-breakpoint
CREATE INDEX "servizi_elenco_punto_idx" ON "servizi_elenco" USING btree ("punto_fisico_id","tipo_servizio","stato","data_creazione","pratica_id","lead_id");--> statement-breakpoint
CREATE INDEX "servizi_elenco_lead_idx" ON "servizi_elenco" USING btree ("lead_id","tipo_servizio","punto_fisico_id");--> statement-breakpoint
-- Hand-written: the triggers of migration 0016 write the customer too, and a practice passed to
-- another customer (a merge of leads) moves its services' rows with it.
CREATE OR REPLACE FUNCTION servizi_elenco_dopo_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO servizi_elenco (servizio_id, pratica_id, lead_id, punto_fisico_id, tipo_servizio, stato, ko_motivazione, data_creazione)
  SELECT n.id, n.pratica_id, p.lead_id, p.punto_fisico_id, n.tipo_servizio, n.stato, n.ko_motivazione, p.data_creazione
  FROM nuovi n JOIN pratiche p ON p.id = n.pratica_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION servizi_elenco_dopo_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE servizi_elenco e
  SET pratica_id = n.pratica_id, lead_id = p.lead_id, punto_fisico_id = p.punto_fisico_id,
      tipo_servizio = n.tipo_servizio, stato = n.stato, ko_motivazione = n.ko_motivazione,
      data_creazione = p.data_creazione
  FROM nuovi n JOIN pratiche p ON p.id = n.pratica_id
  WHERE e.servizio_id = n.id
    AND (e.pratica_id, e.lead_id, e.punto_fisico_id, e.tipo_servizio, e.stato, e.ko_motivazione, e.data_creazione)
      IS DISTINCT FROM (n.pratica_id, p.lead_id, p.punto_fisico_id, n.tipo_servizio, n.stato, n.ko_motivazione, p.data_creazione);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION servizi_elenco_pratiche_dopo_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most practice updates (its status) move nothing: leave before touching servizi at all.
  IF NOT EXISTS (SELECT 1 FROM vecchi o JOIN nuovi n ON n.id = o.id
                 WHERE (o.lead_id, o.punto_fisico_id, o.data_creazione)
                   IS DISTINCT FROM (n.lead_id, n.punto_fisico_id, n.data_creazione)) THEN
    RETURN NULL;
  END IF;
  UPDATE servizi_elenco e
  SET lead_id = n.lead_id, punto_fisico_id = n.punto_fisico_id, data_creazione = n.data_creazione
  FROM vecchi o JOIN nuovi n ON n.id = o.id JOIN servizi s ON s.pratica_id = n.id
  WHERE (o.lead_id, o.punto_fisico_id, o.data_creazione) IS DISTINCT FROM (n.lead_id, n.punto_fisico_id, n.data_creazione)
    AND e.servizio_id = s.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ricalcola_servizi_elenco() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE servizi_elenco;
  INSERT INTO servizi_elenco (servizio_id, pratica_id, lead_id, punto_fisico_id, tipo_servizio, stato, ko_motivazione, data_creazione)
  SELECT s.id, s.pratica_id, p.lead_id, p.punto_fisico_id, s.tipo_servizio, s.stato, s.ko_motivazione, p.data_creazione
  FROM servizi s JOIN pratiche p ON p.id = s.pratica_id;
END $$;--> statement-breakpoint
ANALYZE "servizi_elenco";
