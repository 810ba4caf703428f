CREATE TABLE "import_mappature" (
	"tipo" text NOT NULL,
	"chiave" text NOT NULL,
	"mappatura" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_mappature_tipo_chiave_pk" PRIMARY KEY("tipo","chiave")
);
--> statement-breakpoint
CREATE TABLE "importazioni" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"nome_file" text NOT NULL,
	"stato" text DEFAULT 'caricata' NOT NULL,
	"intestazioni" jsonb NOT NULL,
	"riga_intestazione" integer NOT NULL,
	"mappatura" jsonb,
	"righe_non_valide" text DEFAULT 'salta' NOT NULL,
	"totale" integer NOT NULL,
	"elaborate" integer DEFAULT 0 NOT NULL,
	"conteggi" jsonb,
	"creato_da" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completata_at" timestamp with time zone,
	CONSTRAINT "importazioni_tipo_check" CHECK (tipo in ('punti_fisici', 'utenti')),
	CONSTRAINT "importazioni_stato_check" CHECK (stato in ('caricata', 'verificata', 'in_corso', 'completata', 'fallita')),
	CONSTRAINT "importazioni_righe_non_valide_check" CHECK (righe_non_valide in ('salta', 'blocca'))
);
--> statement-breakpoint
CREATE TABLE "importazioni_righe" (
	"importazione_id" integer NOT NULL,
	"riga" integer NOT NULL,
	"valori" jsonb NOT NULL,
	"esito" text,
	"errori" jsonb,
	CONSTRAINT "importazioni_righe_importazione_id_riga_pk" PRIMARY KEY("importazione_id","riga"),
	CONSTRAINT "importazioni_righe_esito_check" CHECK (esito is null or esito in ('nuovo', 'aggiorna', 'duplicato', 'errore'))
);
--> statement-breakpoint
CREATE TABLE "inviti_password" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_tipo_check";--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_tipo_check";--> statement-breakpoint
ALTER TABLE "importazioni" ADD CONSTRAINT "importazioni_creato_da_users_id_fk" FOREIGN KEY ("creato_da") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importazioni_righe" ADD CONSTRAINT "importazioni_righe_importazione_id_importazioni_id_fk" FOREIGN KEY ("importazione_id") REFERENCES "public"."importazioni"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inviti_password" ADD CONSTRAINT "inviti_password_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inviti_password_user_idx" ON "inviti_password" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_tipo_check" CHECK (tipo in ('accesso', 'accesso_fallito', 'accesso_sbloccato', 'uscita', 'utente_creato', 'utente_eliminato', 'ruolo_modificato', 'password_modificata', 'utente_attivato', 'utente_disattivato', 'esportazione', 'esportazione_dati_persona', 'cancellazione_dati_lead', 'eliminazione_lead', 'conservazione_anonimizzazione', 'impostazioni_modificate', 'secondo_fattore_attivato', 'secondo_fattore_disattivato', 'secondo_fattore_azzerato', 'codici_recupero_rigenerati', 'codice_recupero_usato', 'importazione', 'invito_inviato', 'password_impostata'));--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_tipo_check" CHECK (tipo in ('lead_nuovo', 'lead_conferma', 'lead_in_ritardo', 'servizio_completato', 'servizio_ko', 'chiamata_invito', 'utente_invito'));