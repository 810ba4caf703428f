CREATE TABLE "email_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"destinatario" text NOT NULL,
	"oggetto" text NOT NULL,
	"testo" text NOT NULL,
	"html" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"stato" text DEFAULT 'in_coda' NOT NULL,
	"tentativi" integer DEFAULT 0 NOT NULL,
	"prossimo_tentativo_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bloccato_fino_at" timestamp with time zone,
	"scade_at" timestamp with time zone NOT NULL,
	"ultimo_errore" text,
	"message_id" text,
	"inviato_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"lead_id" integer,
	"pratica_id" integer,
	CONSTRAINT "email_outbox_tipo_check" CHECK (tipo in ('lead_nuovo', 'lead_conferma', 'lead_in_ritardo', 'servizio_completato', 'servizio_ko')),
	CONSTRAINT "email_outbox_stato_check" CHECK (stato in ('in_coda', 'in_invio', 'inviato', 'fallito', 'scaduto'))
);
--> statement-breakpoint
CREATE TABLE "job_daily_runs" (
	"job" text NOT NULL,
	"day" text NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "job_daily_runs_job_day_pk" PRIMARY KEY("job","day")
);
--> statement-breakpoint
CREATE TABLE "notifiche_preferenze" (
	"user_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"attiva" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifiche_preferenze_user_id_tipo_pk" PRIMARY KEY("user_id","tipo"),
	CONSTRAINT "notifiche_preferenze_tipo_check" CHECK (tipo in ('lead_nuovo', 'lead_in_ritardo', 'servizio_completato', 'servizio_ko'))
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_pratica_id_pratiche_id_fk" FOREIGN KEY ("pratica_id") REFERENCES "public"."pratiche"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifiche_preferenze" ADD CONSTRAINT "notifiche_preferenze_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_dedupe_key_unique" ON "email_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "email_outbox_da_inviare_idx" ON "email_outbox" USING btree ("prossimo_tentativo_at") WHERE stato in ('in_coda', 'in_invio');--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "email_outbox_stato_created_idx" ON "email_outbox" USING btree ("stato","created_at","id");--> statement-breakpoint
CREATE INDEX "email_outbox_user_idx" ON "email_outbox" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "email_outbox_lead_idx" ON "email_outbox" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "email_outbox_pratica_idx" ON "email_outbox" USING btree ("pratica_id");