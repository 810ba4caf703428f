CREATE TABLE "chiamate" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"esito" text NOT NULL,
	"user_id" integer,
	"utente_nome" text,
	"richiamare_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chiamate_esito_check" CHECK (esito in ('non_risponde', 'richiamare', 'appuntamento_fissato', 'non_interessato', 'numero_errato', 'non_chiamare_piu'))
);
--> statement-breakpoint
CREATE TABLE "numeri_non_chiamare" (
	"telefono_normalizzato" text PRIMARY KEY NOT NULL,
	"lead_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_tipo_check";--> statement-breakpoint
ALTER TABLE "leads_eventi" DROP CONSTRAINT "leads_eventi_tipo_check";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "allegato_ics" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "chiamata_da" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "chiamata_fissata" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chiamate" ADD CONSTRAINT "chiamate_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chiamate" ADD CONSTRAINT "chiamate_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "numeri_non_chiamare" ADD CONSTRAINT "numeri_non_chiamare_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "numeri_non_chiamare" ADD CONSTRAINT "numeri_non_chiamare_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chiamate_lead_idx" ON "chiamate" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "chiamate_created_idx" ON "chiamate" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "leads_coda_idx" ON "leads" USING btree ("chiamata_fissata","chiamata_da","id") WHERE chiamata_da is not null;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_tipo_check" CHECK (tipo in ('lead_nuovo', 'lead_conferma', 'lead_in_ritardo', 'servizio_completato', 'servizio_ko', 'chiamata_invito'));--> statement-breakpoint
ALTER TABLE "leads_eventi" ADD CONSTRAINT "leads_eventi_tipo_check" CHECK (tipo in ('duplicato_unito', 'duplicato_separato', 'chiamata'));