CREATE TABLE "esiti_caricamenti" (
	"id" serial PRIMARY KEY NOT NULL,
	"fornitore_id" integer NOT NULL,
	"tipo_servizio" text,
	"nome_file" text NOT NULL,
	"stato" text DEFAULT 'caricato' NOT NULL,
	"intestazioni" jsonb NOT NULL,
	"riga_intestazione" integer NOT NULL,
	"valori_colonne" jsonb NOT NULL,
	"mappatura" jsonb,
	"totale" integer NOT NULL,
	"elaborate" integer DEFAULT 0 NOT NULL,
	"conteggi" jsonb,
	"creato_da" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completato_at" timestamp with time zone,
	CONSTRAINT "esiti_caricamenti_stato_check" CHECK (stato in ('caricato', 'verificato', 'in_corso', 'completato', 'fallito'))
);
--> statement-breakpoint
CREATE TABLE "esiti_mappature" (
	"fornitore_id" integer PRIMARY KEY NOT NULL,
	"mappatura" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "esiti_righe" (
	"caricamento_id" integer NOT NULL,
	"riga" integer NOT NULL,
	"valori" jsonb NOT NULL,
	"esito" text,
	"servizio_id" integer,
	"motivo" text,
	CONSTRAINT "esiti_righe_caricamento_id_riga_pk" PRIMARY KEY("caricamento_id","riga"),
	CONSTRAINT "esiti_righe_esito_check" CHECK (esito is null or esito in ('da_applicare', 'applicato', 'gia_aggiornato', 'non_trovato', 'ambiguo', 'conflitto', 'errore', 'ignorato'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_tipo_check";--> statement-breakpoint
ALTER TABLE "servizi_storico" ADD COLUMN "nota" text;--> statement-breakpoint
ALTER TABLE "esiti_caricamenti" ADD CONSTRAINT "esiti_caricamenti_fornitore_id_fornitori_id_fk" FOREIGN KEY ("fornitore_id") REFERENCES "public"."fornitori"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esiti_caricamenti" ADD CONSTRAINT "esiti_caricamenti_creato_da_users_id_fk" FOREIGN KEY ("creato_da") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esiti_mappature" ADD CONSTRAINT "esiti_mappature_fornitore_id_fornitori_id_fk" FOREIGN KEY ("fornitore_id") REFERENCES "public"."fornitori"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esiti_righe" ADD CONSTRAINT "esiti_righe_caricamento_id_esiti_caricamenti_id_fk" FOREIGN KEY ("caricamento_id") REFERENCES "public"."esiti_caricamenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "esiti_righe_servizio_idx" ON "esiti_righe" USING btree ("caricamento_id","servizio_id") WHERE servizio_id is not null;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_tipo_check" CHECK (tipo in ('accesso', 'accesso_fallito', 'accesso_sbloccato', 'uscita', 'utente_creato', 'utente_eliminato', 'ruolo_modificato', 'password_modificata', 'utente_attivato', 'utente_disattivato', 'esportazione', 'esportazione_dati_persona', 'cancellazione_dati_lead', 'eliminazione_lead', 'conservazione_anonimizzazione', 'impostazioni_modificate', 'secondo_fattore_attivato', 'secondo_fattore_disattivato', 'secondo_fattore_azzerato', 'codici_recupero_rigenerati', 'codice_recupero_usato', 'importazione', 'invito_inviato', 'password_impostata', 'esiti_caricati', 'esiti_applicati'));