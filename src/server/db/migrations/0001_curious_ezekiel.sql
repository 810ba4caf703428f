DROP INDEX "servizi_tipo_idx";--> statement-breakpoint
DROP INDEX "servizi_elenco_lead_idx";--> statement-breakpoint
CREATE INDEX "servizi_tipo_pratica_idx" ON "servizi" USING btree ("tipo_servizio","pratica_id","stato");--> statement-breakpoint
CREATE INDEX "servizi_ko_pratica_idx" ON "servizi" USING btree ("ko_motivazione","pratica_id") WHERE stato = 'ko';