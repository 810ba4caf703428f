CREATE TABLE "letture_bollette" (
	"id" serial PRIMARY KEY NOT NULL,
	"documento_id" integer NOT NULL,
	"pratica_id" integer NOT NULL,
	"stato" text DEFAULT 'in_coda' NOT NULL,
	"tentativi" integer DEFAULT 0 NOT NULL,
	"bloccata_fino_at" timestamp with time zone,
	"motivo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finita_at" timestamp with time zone,
	CONSTRAINT "letture_bollette_stato_check" CHECK (stato in ('in_coda', 'in_corso', 'fatta', 'illeggibile'))
);
--> statement-breakpoint
CREATE TABLE "proposte_scheda" (
	"id" serial PRIMARY KEY NOT NULL,
	"servizio_id" integer NOT NULL,
	"lettura_id" integer NOT NULL,
	"campo" text NOT NULL,
	"valore" text NOT NULL,
	"pagina" integer NOT NULL,
	"confidenza" real NOT NULL,
	"stato" text DEFAULT 'proposta' NOT NULL,
	"decisa_da_id" integer,
	"decisa_da_nome" text,
	"decisa_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposte_scheda_campo_check" CHECK (campo in ('pod', 'pdr', 'codiceFiscale', 'intestatario', 'indirizzoFornitura', 'potenzaKw', 'consumoAnnuo', 'fornitoreUscente', 'codiceOfferta')),
	CONSTRAINT "proposte_scheda_stato_check" CHECK (stato in ('proposta', 'accettata', 'rifiutata')),
	CONSTRAINT "proposte_scheda_confidenza_check" CHECK (confidenza between 0 and 1)
);
--> statement-breakpoint
ALTER TABLE "letture_bollette" ADD CONSTRAINT "letture_bollette_documento_id_documenti_id_fk" FOREIGN KEY ("documento_id") REFERENCES "public"."documenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letture_bollette" ADD CONSTRAINT "letture_bollette_pratica_id_pratiche_id_fk" FOREIGN KEY ("pratica_id") REFERENCES "public"."pratiche"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposte_scheda" ADD CONSTRAINT "proposte_scheda_servizio_id_servizi_id_fk" FOREIGN KEY ("servizio_id") REFERENCES "public"."servizi"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposte_scheda" ADD CONSTRAINT "proposte_scheda_lettura_id_letture_bollette_id_fk" FOREIGN KEY ("lettura_id") REFERENCES "public"."letture_bollette"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposte_scheda" ADD CONSTRAINT "proposte_scheda_decisa_da_id_users_id_fk" FOREIGN KEY ("decisa_da_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "letture_bollette_documento_unique" ON "letture_bollette" USING btree ("documento_id");--> statement-breakpoint
CREATE INDEX "letture_bollette_pratica_idx" ON "letture_bollette" USING btree ("pratica_id");--> statement-breakpoint
CREATE INDEX "letture_bollette_da_fare_idx" ON "letture_bollette" USING btree ("id") WHERE stato in ('in_coda', 'in_corso');--> statement-breakpoint
CREATE INDEX "proposte_scheda_servizio_idx" ON "proposte_scheda" USING btree ("servizio_id","id");--> statement-breakpoint
CREATE INDEX "proposte_scheda_lettura_idx" ON "proposte_scheda" USING btree ("lettura_id");--> statement-breakpoint
CREATE INDEX "proposte_scheda_decisa_da_idx" ON "proposte_scheda" USING btree ("decisa_da_id");