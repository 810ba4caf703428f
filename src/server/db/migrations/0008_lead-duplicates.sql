CREATE TABLE "leads_eventi" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"user_id" integer,
	"utente_nome" text,
	"tipo" text NOT NULL,
	"descrizione" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_eventi_tipo_check" CHECK (tipo in ('duplicato_unito', 'duplicato_separato'))
);
--> statement-breakpoint
CREATE TABLE "leads_separati" (
	"lead_a_id" integer NOT NULL,
	"lead_b_id" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_separati_lead_a_id_lead_b_id_pk" PRIMARY KEY("lead_a_id","lead_b_id"),
	CONSTRAINT "leads_separati_ordine_check" CHECK (lead_a_id < lead_b_id)
);
--> statement-breakpoint
DROP INDEX "leads_email_normalizzata_unique";--> statement-breakpoint
DROP INDEX "leads_telefono_normalizzato_unique";--> statement-breakpoint
ALTER TABLE "leads_eventi" ADD CONSTRAINT "leads_eventi_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads_eventi" ADD CONSTRAINT "leads_eventi_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads_separati" ADD CONSTRAINT "leads_separati_lead_a_id_leads_id_fk" FOREIGN KEY ("lead_a_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads_separati" ADD CONSTRAINT "leads_separati_lead_b_id_leads_id_fk" FOREIGN KEY ("lead_b_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads_separati" ADD CONSTRAINT "leads_separati_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_eventi_lead_idx" ON "leads_eventi" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_separati_b_idx" ON "leads_separati" USING btree ("lead_b_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_telefono_email_unique" ON "leads" USING btree ("telefono_normalizzato","email_normalizzata");--> statement-breakpoint
CREATE INDEX "leads_email_normalizzata_idx" ON "leads" USING btree ("email_normalizzata");