DROP INDEX "servizi_tipo_idx";--> statement-breakpoint
DROP INDEX "servizi_elenco_lead_idx";--> statement-breakpoint
DROP INDEX "pratiche_data_id_idx";--> statement-breakpoint
CREATE INDEX "servizi_tipo_pratica_idx" ON "servizi" USING btree ("tipo_servizio","pratica_id","stato");--> statement-breakpoint
CREATE INDEX "servizi_ko_pratica_idx" ON "servizi" USING btree ("ko_motivazione","pratica_id") WHERE stato = 'ko';--> statement-breakpoint
CREATE INDEX "pratiche_data_id_idx" ON "pratiche" USING btree ("data_creazione","id","cerca","punto_fisico_id");