ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_tipo_check";--> statement-breakpoint
DROP INDEX "servizi_tipo_idx";--> statement-breakpoint
DROP INDEX "servizi_elenco_lead_idx";--> statement-breakpoint
DROP INDEX "pratiche_data_id_idx";--> statement-breakpoint
ALTER TABLE "pratiche" ADD COLUMN "altro_punto" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "dati_cancellati_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "leads_coda_punto_idx" ON "leads" USING btree ("punto_fisico_originale_id","telefono_normalizzato") WHERE chiamata_da is not null and dati_cancellati_at is null;--> statement-breakpoint
CREATE INDEX "pratiche_altro_punto_idx" ON "pratiche" USING btree ("punto_fisico_id","lead_id") WHERE altro_punto;--> statement-breakpoint
CREATE INDEX "servizi_tipo_pratica_idx" ON "servizi" USING btree ("tipo_servizio","pratica_id","stato");--> statement-breakpoint
CREATE INDEX "servizi_ko_pratica_idx" ON "servizi" USING btree ("ko_motivazione","pratica_id") WHERE stato = 'ko';--> statement-breakpoint
CREATE INDEX "pratiche_data_id_idx" ON "pratiche" USING btree ("data_creazione","id","cerca","punto_fisico_id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_tipo_check" CHECK (tipo in ('accesso', 'accesso_fallito', 'accesso_sbloccato', 'uscita', 'utente_creato', 'utente_eliminato', 'ruolo_modificato', 'password_modificata', 'utente_attivato', 'utente_disattivato', 'esportazione', 'esportazione_dati_persona', 'cancellazione_dati_lead', 'esportazione_dati_utente', 'cancellazione_dati_utente', 'eliminazione_lead', 'conservazione_anonimizzazione', 'impostazioni_modificate', 'secondo_fattore_attivato', 'secondo_fattore_disattivato', 'secondo_fattore_azzerato', 'codici_recupero_rigenerati', 'codice_recupero_usato', 'importazione', 'invito_inviato', 'password_impostata', 'profilo_fiscale_modificato', 'esiti_caricati', 'esiti_applicati', 'riconciliazione_caricata', 'riconciliazione_confermata', 'riconciliazione_chiusa'));--> statement-breakpoint
-- Practices already held at a second shop (the rule is markAltroPunto's, src/server/modules/punti-fisici/scope.ts).
UPDATE "pratiche" pr SET "altro_punto" = true FROM "leads" l WHERE l.id = pr.lead_id AND pr.punto_fisico_id IS DISTINCT FROM l.punto_fisico_originale_id;
