CREATE TABLE "estratti_fornitori" (
	"id" serial PRIMARY KEY NOT NULL,
	"fornitore_id" integer NOT NULL,
	"periodo" text NOT NULL,
	"nome_file" text NOT NULL,
	"intestazioni" jsonb NOT NULL,
	"riga_intestazione" integer NOT NULL,
	"mappatura" jsonb,
	"totale" integer NOT NULL,
	"creato_da" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confermato_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "estratti_fornitori_righe" (
	"estratto_id" integer NOT NULL,
	"riga" integer NOT NULL,
	"valori" jsonb NOT NULL,
	"esito" text,
	"servizio_id" integer,
	"importo" numeric(12, 2),
	"identificativo" text,
	CONSTRAINT "estratti_fornitori_righe_estratto_id_riga_pk" PRIMARY KEY("estratto_id","riga"),
	CONSTRAINT "estratti_fornitori_righe_esito_check" CHECK (esito is null or esito in ('trovato', 'non_trovato', 'ambiguo', 'ignorata'))
);
--> statement-breakpoint
CREATE TABLE "estratti_mappature" (
	"fornitore_id" integer PRIMARY KEY NOT NULL,
	"mappatura" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "riconciliazioni" (
	"id" serial PRIMARY KEY NOT NULL,
	"fornitore_id" integer NOT NULL,
	"periodo" text NOT NULL,
	"estratto_id" integer NOT NULL,
	"stato" text DEFAULT 'aperta' NOT NULL,
	"atteso" numeric(12, 2) NOT NULL,
	"pagato" numeric(12, 2) NOT NULL,
	"da_recuperare" numeric(12, 2) NOT NULL,
	"confermata_da" integer,
	"confermata_da_nome" text,
	"confermata_at" timestamp with time zone NOT NULL,
	"chiusa_da" integer,
	"chiusa_da_nome" text,
	"chiusa_at" timestamp with time zone,
	"nota_chiusura" text,
	CONSTRAINT "riconciliazioni_stato_check" CHECK (stato in ('aperta', 'chiusa'))
);
--> statement-breakpoint
CREATE TABLE "riconciliazioni_voci" (
	"id" serial PRIMARY KEY NOT NULL,
	"riconciliazione_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"servizio_id" integer,
	"pratica_id" integer,
	"tipo_servizio" text,
	"cliente" text,
	"riga" integer,
	"identificativo" text,
	"atteso" numeric(12, 2) NOT NULL,
	"pagato" numeric(12, 2) NOT NULL,
	CONSTRAINT "riconciliazioni_voci_tipo_check" CHECK (tipo in ('pagato_meno', 'pagato_piu', 'mancante', 'sconosciuto', 'in_regola'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_tipo_check";--> statement-breakpoint
ALTER TABLE "estratti_fornitori" ADD CONSTRAINT "estratti_fornitori_fornitore_id_fornitori_id_fk" FOREIGN KEY ("fornitore_id") REFERENCES "public"."fornitori"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estratti_fornitori" ADD CONSTRAINT "estratti_fornitori_creato_da_users_id_fk" FOREIGN KEY ("creato_da") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estratti_fornitori_righe" ADD CONSTRAINT "estratti_fornitori_righe_estratto_id_estratti_fornitori_id_fk" FOREIGN KEY ("estratto_id") REFERENCES "public"."estratti_fornitori"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estratti_fornitori_righe" ADD CONSTRAINT "estratti_fornitori_righe_servizio_id_servizi_id_fk" FOREIGN KEY ("servizio_id") REFERENCES "public"."servizi"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estratti_mappature" ADD CONSTRAINT "estratti_mappature_fornitore_id_fornitori_id_fk" FOREIGN KEY ("fornitore_id") REFERENCES "public"."fornitori"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riconciliazioni" ADD CONSTRAINT "riconciliazioni_fornitore_id_fornitori_id_fk" FOREIGN KEY ("fornitore_id") REFERENCES "public"."fornitori"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riconciliazioni" ADD CONSTRAINT "riconciliazioni_estratto_id_estratti_fornitori_id_fk" FOREIGN KEY ("estratto_id") REFERENCES "public"."estratti_fornitori"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riconciliazioni" ADD CONSTRAINT "riconciliazioni_confermata_da_users_id_fk" FOREIGN KEY ("confermata_da") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riconciliazioni" ADD CONSTRAINT "riconciliazioni_chiusa_da_users_id_fk" FOREIGN KEY ("chiusa_da") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riconciliazioni_voci" ADD CONSTRAINT "riconciliazioni_voci_riconciliazione_id_riconciliazioni_id_fk" FOREIGN KEY ("riconciliazione_id") REFERENCES "public"."riconciliazioni"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riconciliazioni_voci" ADD CONSTRAINT "riconciliazioni_voci_servizio_id_servizi_id_fk" FOREIGN KEY ("servizio_id") REFERENCES "public"."servizi"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estratti_fornitori_fornitore_idx" ON "estratti_fornitori" USING btree ("fornitore_id","periodo");--> statement-breakpoint
CREATE UNIQUE INDEX "riconciliazioni_fornitore_periodo_unique" ON "riconciliazioni" USING btree ("fornitore_id","periodo");--> statement-breakpoint
CREATE INDEX "riconciliazioni_periodo_id_idx" ON "riconciliazioni" USING btree ("periodo","id");--> statement-breakpoint
CREATE INDEX "riconciliazioni_voci_idx" ON "riconciliazioni_voci" USING btree ("riconciliazione_id","tipo","id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_tipo_check" CHECK (tipo in ('accesso', 'accesso_fallito', 'accesso_sbloccato', 'uscita', 'utente_creato', 'utente_eliminato', 'ruolo_modificato', 'password_modificata', 'utente_attivato', 'utente_disattivato', 'esportazione', 'esportazione_dati_persona', 'cancellazione_dati_lead', 'eliminazione_lead', 'conservazione_anonimizzazione', 'impostazioni_modificate', 'secondo_fattore_attivato', 'secondo_fattore_disattivato', 'secondo_fattore_azzerato', 'codici_recupero_rigenerati', 'codice_recupero_usato', 'importazione', 'invito_inviato', 'password_impostata', 'riconciliazione_caricata', 'riconciliazione_confermata', 'riconciliazione_chiusa'));