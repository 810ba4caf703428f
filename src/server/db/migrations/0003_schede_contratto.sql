CREATE TABLE "schede_contratto" (
	"servizio_id" integer PRIMARY KEY NOT NULL,
	"pratica_id" integer NOT NULL,
	"dati" jsonb NOT NULL,
	"completa" boolean DEFAULT false NOT NULL,
	"codice_fiscale" text,
	"partita_iva" text,
	"pod" text,
	"pdr" text,
	"aggiornata_da" integer,
	"aggiornata_il" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pratiche_eventi" DROP CONSTRAINT "pratiche_eventi_tipo_check";--> statement-breakpoint
ALTER TABLE "schede_contratto" ADD CONSTRAINT "schede_contratto_servizio_id_servizi_id_fk" FOREIGN KEY ("servizio_id") REFERENCES "public"."servizi"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schede_contratto" ADD CONSTRAINT "schede_contratto_pratica_id_pratiche_id_fk" FOREIGN KEY ("pratica_id") REFERENCES "public"."pratiche"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schede_contratto" ADD CONSTRAINT "schede_contratto_aggiornata_da_users_id_fk" FOREIGN KEY ("aggiornata_da") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schede_contratto_pratica_idx" ON "schede_contratto" USING btree ("pratica_id");--> statement-breakpoint
CREATE INDEX "schede_contratto_cf_idx" ON "schede_contratto" USING btree ("codice_fiscale") WHERE codice_fiscale is not null;--> statement-breakpoint
CREATE INDEX "schede_contratto_piva_idx" ON "schede_contratto" USING btree ("partita_iva") WHERE partita_iva is not null;--> statement-breakpoint
CREATE INDEX "schede_contratto_pod_idx" ON "schede_contratto" USING btree ("pod") WHERE pod is not null;--> statement-breakpoint
CREATE INDEX "schede_contratto_pdr_idx" ON "schede_contratto" USING btree ("pdr") WHERE pdr is not null;--> statement-breakpoint
ALTER TABLE "pratiche_eventi" ADD CONSTRAINT "pratiche_eventi_tipo_check" CHECK (tipo in ('documento_aggiunto', 'documento_eliminato', 'scheda_modificata'));