CREATE TABLE "commissioni" (
	"id" serial PRIMARY KEY NOT NULL,
	"pratica_id" integer NOT NULL,
	"servizio_id" integer NOT NULL,
	"tipo_servizio" text NOT NULL,
	"fornitore_id" integer,
	"customer_name" text NOT NULL,
	"punto_fisico_id" integer,
	"payee_punto_fisico_id" integer,
	"payee_agente_id" integer,
	"payee_area_manager_id" integer,
	"unita_base" integer DEFAULT 0 NOT NULL,
	"unita_aggiuntive" integer DEFAULT 0 NOT NULL,
	"importo_punto_fisico" numeric(12, 2) NOT NULL,
	"importo_agente" numeric(12, 2) NOT NULL,
	"importo_area_manager" numeric(12, 2) NOT NULL,
	"importo_amministrazione" numeric(12, 2) NOT NULL,
	"has_bonus" boolean DEFAULT false NOT NULL,
	"bonus_applicati" jsonb,
	"stato_pagamento" text DEFAULT 'non_pagato' NOT NULL,
	"note_pagamento" text,
	"data_pagamento" timestamp with time zone,
	"data_completamento" timestamp with time zone DEFAULT now() NOT NULL,
	"storno_of_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commissioni_stato_pagamento_check" CHECK (stato_pagamento in ('non_pagato', 'pagato'))
);
--> statement-breakpoint
CREATE TABLE "commissioni_fornitori" (
	"id" serial PRIMARY KEY NOT NULL,
	"fornitore_id" integer NOT NULL,
	"servizio" text NOT NULL,
	"commissione_punto_fisico" numeric(12, 2) DEFAULT '0' NOT NULL,
	"commissione_agente" numeric(12, 2) DEFAULT '0' NOT NULL,
	"commissione_area_manager" numeric(12, 2) DEFAULT '0' NOT NULL,
	"ricavo_base" numeric(12, 2) DEFAULT '0' NOT NULL,
	"bonus_rid" numeric(12, 2) DEFAULT '0' NOT NULL,
	"commissione_aggiuntiva_punto_fisico" numeric(12, 2) DEFAULT '0' NOT NULL,
	"commissione_aggiuntiva_agente" numeric(12, 2) DEFAULT '0' NOT NULL,
	"commissione_aggiuntiva_area_manager" numeric(12, 2) DEFAULT '0' NOT NULL,
	"commissione_aggiuntiva_rid_punto_fisico" numeric(12, 2) DEFAULT '0' NOT NULL,
	"commissione_aggiuntiva_rid_agente" numeric(12, 2) DEFAULT '0' NOT NULL,
	"commissione_aggiuntiva_rid_area_manager" numeric(12, 2) DEFAULT '0' NOT NULL,
	"percentuale_punto_fisico" numeric(5, 2) DEFAULT '0' NOT NULL,
	"percentuale_agente" numeric(5, 2) DEFAULT '0' NOT NULL,
	"percentuale_area_manager" numeric(5, 2) DEFAULT '0' NOT NULL,
	"percentuale_struttura" numeric(5, 2) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "consensi" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"pratica_id" integer,
	"versione_informativa" text NOT NULL,
	"testo" text NOT NULL,
	"accettato_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "documenti" (
	"id" serial PRIMARY KEY NOT NULL,
	"pratica_id" integer NOT NULL,
	"filename" text NOT NULL,
	"display_name" text NOT NULL,
	"parte" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"merged_into_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fornitori" (
	"id" serial PRIMARY KEY NOT NULL,
	"codice" text NOT NULL,
	"nome" text NOT NULL,
	"servizi_supportati" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"pratica_id" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"cognome" text NOT NULL,
	"email" text NOT NULL,
	"telefono" text NOT NULL,
	"email_normalizzata" text NOT NULL,
	"telefono_normalizzato" text NOT NULL,
	"punto_fisico_originale_id" integer,
	"stato_contatto" text DEFAULT 'nuovo' NOT NULL,
	"stato_contatto_aggiornato_at" timestamp with time zone,
	"data_registrazione" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_stato_contatto_check" CHECK (stato_contatto in ('nuovo', 'contattato', 'non_raggiungibile'))
);
--> statement-breakpoint
CREATE TABLE "pratiche" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"punto_fisico_id" integer,
	"stato_pratica" text DEFAULT 'inserita' NOT NULL,
	"orario_contatto" text,
	"indirizzo_ip" text,
	"user_agent" text,
	"note" text,
	"documenti_caricati" jsonb,
	"data_creazione" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pratiche_stato_check" CHECK (stato_pratica in ('inserita', 'in_lavorazione', 'completata', 'ko'))
);
--> statement-breakpoint
CREATE TABLE "punti_fisici" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome_attivita" text NOT NULL,
	"indirizzo" text NOT NULL,
	"landing_code" text NOT NULL,
	"utente_responsabile_id" integer NOT NULL,
	"agente_id" integer,
	"area_manager_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "servizi" (
	"id" serial PRIMARY KEY NOT NULL,
	"pratica_id" integer NOT NULL,
	"tipo_servizio" text NOT NULL,
	"stato" text DEFAULT 'inserito' NOT NULL,
	"ko_motivazione" text,
	"fornitore_id" integer,
	"rid_presente" boolean DEFAULT false NOT NULL,
	"numero_forniture" integer DEFAULT 1 NOT NULL,
	"bonus_punto_fisico" numeric(12, 2) DEFAULT '0' NOT NULL,
	"bonus_agente" numeric(12, 2) DEFAULT '0' NOT NULL,
	"bonus_area_manager" numeric(12, 2) DEFAULT '0' NOT NULL,
	"totale_vendita" numeric(12, 2),
	"data_creazione" timestamp with time zone DEFAULT now() NOT NULL,
	"data_ultimo_aggiornamento" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "servizi_tipo_check" CHECK (tipo_servizio in ('luce', 'gas', 'internet', 'noleggio', 'finanziamenti', 'assicurazioni')),
	CONSTRAINT "servizi_stato_check" CHECK (stato in ('inserito', 'in_lavorazione', 'completato', 'ko')),
	CONSTRAINT "servizi_numero_forniture_check" CHECK (numero_forniture between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "servizi_storico" (
	"id" serial PRIMARY KEY NOT NULL,
	"servizio_id" integer NOT NULL,
	"user_id" integer,
	"da_stato" text,
	"a_stato" text NOT NULL,
	"motivazione" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"area_assegnata" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK (role in ('admin', 'amministrazione', 'area_manager', 'agente', 'punto_fisico'))
);
--> statement-breakpoint
ALTER TABLE "commissioni" ADD CONSTRAINT "commissioni_pratica_id_pratiche_id_fk" FOREIGN KEY ("pratica_id") REFERENCES "public"."pratiche"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissioni" ADD CONSTRAINT "commissioni_servizio_id_servizi_id_fk" FOREIGN KEY ("servizio_id") REFERENCES "public"."servizi"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissioni" ADD CONSTRAINT "commissioni_fornitore_id_fornitori_id_fk" FOREIGN KEY ("fornitore_id") REFERENCES "public"."fornitori"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissioni" ADD CONSTRAINT "commissioni_punto_fisico_id_punti_fisici_id_fk" FOREIGN KEY ("punto_fisico_id") REFERENCES "public"."punti_fisici"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissioni" ADD CONSTRAINT "commissioni_payee_punto_fisico_id_users_id_fk" FOREIGN KEY ("payee_punto_fisico_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissioni" ADD CONSTRAINT "commissioni_payee_agente_id_users_id_fk" FOREIGN KEY ("payee_agente_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissioni" ADD CONSTRAINT "commissioni_payee_area_manager_id_users_id_fk" FOREIGN KEY ("payee_area_manager_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissioni" ADD CONSTRAINT "commissioni_storno_of_id_commissioni_id_fk" FOREIGN KEY ("storno_of_id") REFERENCES "public"."commissioni"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissioni_fornitori" ADD CONSTRAINT "commissioni_fornitori_fornitore_id_fornitori_id_fk" FOREIGN KEY ("fornitore_id") REFERENCES "public"."fornitori"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissioni_fornitori" ADD CONSTRAINT "commissioni_fornitori_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consensi" ADD CONSTRAINT "consensi_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consensi" ADD CONSTRAINT "consensi_pratica_id_pratiche_id_fk" FOREIGN KEY ("pratica_id") REFERENCES "public"."pratiche"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documenti" ADD CONSTRAINT "documenti_pratica_id_pratiche_id_fk" FOREIGN KEY ("pratica_id") REFERENCES "public"."pratiche"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documenti" ADD CONSTRAINT "documenti_merged_into_id_documenti_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."documenti"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_pratica_id_pratiche_id_fk" FOREIGN KEY ("pratica_id") REFERENCES "public"."pratiche"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_punto_fisico_originale_id_punti_fisici_id_fk" FOREIGN KEY ("punto_fisico_originale_id") REFERENCES "public"."punti_fisici"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pratiche" ADD CONSTRAINT "pratiche_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pratiche" ADD CONSTRAINT "pratiche_punto_fisico_id_punti_fisici_id_fk" FOREIGN KEY ("punto_fisico_id") REFERENCES "public"."punti_fisici"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punti_fisici" ADD CONSTRAINT "punti_fisici_utente_responsabile_id_users_id_fk" FOREIGN KEY ("utente_responsabile_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punti_fisici" ADD CONSTRAINT "punti_fisici_agente_id_users_id_fk" FOREIGN KEY ("agente_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punti_fisici" ADD CONSTRAINT "punti_fisici_area_manager_id_users_id_fk" FOREIGN KEY ("area_manager_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servizi" ADD CONSTRAINT "servizi_pratica_id_pratiche_id_fk" FOREIGN KEY ("pratica_id") REFERENCES "public"."pratiche"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servizi" ADD CONSTRAINT "servizi_fornitore_id_fornitori_id_fk" FOREIGN KEY ("fornitore_id") REFERENCES "public"."fornitori"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servizi_storico" ADD CONSTRAINT "servizi_storico_servizio_id_servizi_id_fk" FOREIGN KEY ("servizio_id") REFERENCES "public"."servizi"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servizi_storico" ADD CONSTRAINT "servizi_storico_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commissioni_pratica_idx" ON "commissioni" USING btree ("pratica_id");--> statement-breakpoint
CREATE INDEX "commissioni_servizio_idx" ON "commissioni" USING btree ("servizio_id");--> statement-breakpoint
CREATE INDEX "commissioni_data_idx" ON "commissioni" USING btree ("data_completamento");--> statement-breakpoint
CREATE INDEX "commissioni_stato_idx" ON "commissioni" USING btree ("stato_pagamento","data_completamento");--> statement-breakpoint
CREATE INDEX "commissioni_payee_pf_idx" ON "commissioni" USING btree ("payee_punto_fisico_id");--> statement-breakpoint
CREATE INDEX "commissioni_payee_ag_idx" ON "commissioni" USING btree ("payee_agente_id");--> statement-breakpoint
CREATE INDEX "commissioni_payee_am_idx" ON "commissioni" USING btree ("payee_area_manager_id");--> statement-breakpoint
CREATE UNIQUE INDEX "commissioni_storno_of_unique" ON "commissioni" USING btree ("storno_of_id");--> statement-breakpoint
CREATE UNIQUE INDEX "commissioni_fornitori_fornitore_servizio_unique" ON "commissioni_fornitori" USING btree ("fornitore_id","servizio");--> statement-breakpoint
CREATE INDEX "consensi_lead_idx" ON "consensi" USING btree ("lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "documenti_filename_unique" ON "documenti" USING btree ("filename");--> statement-breakpoint
CREATE INDEX "documenti_pratica_idx" ON "documenti" USING btree ("pratica_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fornitori_codice_unique" ON "fornitori" USING btree ("codice");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_email_normalizzata_unique" ON "leads" USING btree ("email_normalizzata");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_telefono_normalizzato_unique" ON "leads" USING btree ("telefono_normalizzato");--> statement-breakpoint
CREATE INDEX "leads_punto_data_idx" ON "leads" USING btree ("punto_fisico_originale_id","data_registrazione");--> statement-breakpoint
CREATE INDEX "leads_data_idx" ON "leads" USING btree ("data_registrazione");--> statement-breakpoint
CREATE INDEX "leads_stato_contatto_idx" ON "leads" USING btree ("stato_contatto","data_registrazione");--> statement-breakpoint
CREATE INDEX "pratiche_lead_idx" ON "pratiche" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "pratiche_punto_data_idx" ON "pratiche" USING btree ("punto_fisico_id","data_creazione");--> statement-breakpoint
CREATE INDEX "pratiche_stato_idx" ON "pratiche" USING btree ("stato_pratica","data_creazione");--> statement-breakpoint
CREATE INDEX "pratiche_data_idx" ON "pratiche" USING btree ("data_creazione");--> statement-breakpoint
CREATE UNIQUE INDEX "punti_fisici_landing_code_unique" ON "punti_fisici" USING btree ("landing_code");--> statement-breakpoint
CREATE INDEX "punti_fisici_responsabile_idx" ON "punti_fisici" USING btree ("utente_responsabile_id");--> statement-breakpoint
CREATE INDEX "punti_fisici_agente_idx" ON "punti_fisici" USING btree ("agente_id");--> statement-breakpoint
CREATE INDEX "punti_fisici_area_manager_idx" ON "punti_fisici" USING btree ("area_manager_id");--> statement-breakpoint
CREATE INDEX "punti_fisici_nome_idx" ON "punti_fisici" USING btree ("nome_attivita");--> statement-breakpoint
CREATE INDEX "servizi_pratica_idx" ON "servizi" USING btree ("pratica_id");--> statement-breakpoint
CREATE INDEX "servizi_stato_idx" ON "servizi" USING btree ("stato");--> statement-breakpoint
CREATE INDEX "servizi_tipo_idx" ON "servizi" USING btree ("tipo_servizio");--> statement-breakpoint
CREATE INDEX "servizi_storico_servizio_idx" ON "servizi_storico" USING btree ("servizio_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");