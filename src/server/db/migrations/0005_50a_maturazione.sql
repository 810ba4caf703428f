ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_tipo_check";--> statement-breakpoint
ALTER TABLE "commissioni" ADD COLUMN "data_contratto" date;--> statement-breakpoint
ALTER TABLE "commissioni" ADD COLUMN "canale" text;--> statement-breakpoint
ALTER TABLE "commissioni" ADD COLUMN "fine_ripensamento" date;--> statement-breakpoint
ALTER TABLE "commissioni" ADD COLUMN "anticipo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "commissioni" ADD COLUMN "regola_storno" jsonb;--> statement-breakpoint
ALTER TABLE "commissioni" ADD COLUMN "storno_dettaglio" jsonb;--> statement-breakpoint
ALTER TABLE "commissioni_fornitori" ADD COLUMN "storno_mesi" integer;--> statement-breakpoint
ALTER TABLE "commissioni_fornitori" ADD COLUMN "storno_modo" text;--> statement-breakpoint
ALTER TABLE "servizi" ADD COLUMN "esito_post_attivazione" text;--> statement-breakpoint
ALTER TABLE "servizi" ADD COLUMN "data_esito" date;--> statement-breakpoint
CREATE INDEX "commissioni_fine_ripensamento_idx" ON "commissioni" USING btree ("fine_ripensamento");--> statement-breakpoint
ALTER TABLE "commissioni_fornitori" ADD CONSTRAINT "commissioni_fornitori_storno_modo_check" CHECK (storno_modo in ('intero', 'proporzionale'));--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_tipo_check" CHECK (tipo in ('lead_nuovo', 'lead_conferma', 'lead_in_ritardo', 'servizio_completato', 'servizio_ko', 'chiamata_invito', 'utente_invito', 'commissione_stornata'));