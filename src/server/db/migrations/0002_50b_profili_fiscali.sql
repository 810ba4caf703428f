CREATE TABLE "profili_fiscali" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"partita_iva" text NOT NULL,
	"regime" text NOT NULL,
	"base_ritenuta" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" integer,
	CONSTRAINT "profili_fiscali_tipo_check" CHECK (tipo in ('agente_monomandatario', 'agente_plurimandatario', 'agente_societa', 'segnalatore', 'punto_fisico_societa')),
	CONSTRAINT "profili_fiscali_regime_check" CHECK (regime in ('ordinario', 'forfettario')),
	CONSTRAINT "profili_fiscali_base_check" CHECK (base_ritenuta in (50, 20))
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_tipo_check";--> statement-breakpoint
ALTER TABLE "profili_fiscali" ADD CONSTRAINT "profili_fiscali_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profili_fiscali" ADD CONSTRAINT "profili_fiscali_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profili_fiscali_updated_by_idx" ON "profili_fiscali" USING btree ("updated_by_id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_tipo_check" CHECK (tipo in ('accesso', 'accesso_fallito', 'accesso_sbloccato', 'uscita', 'utente_creato', 'utente_eliminato', 'ruolo_modificato', 'password_modificata', 'utente_attivato', 'utente_disattivato', 'esportazione', 'esportazione_dati_persona', 'cancellazione_dati_lead', 'eliminazione_lead', 'conservazione_anonimizzazione', 'impostazioni_modificate', 'secondo_fattore_attivato', 'secondo_fattore_disattivato', 'secondo_fattore_azzerato', 'codici_recupero_rigenerati', 'codice_recupero_usato', 'importazione', 'invito_inviato', 'password_impostata', 'profilo_fiscale_modificato'));