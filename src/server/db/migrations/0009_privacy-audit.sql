CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tipo" text NOT NULL,
	"utente_id" integer,
	"utente" text,
	"ip" text,
	"oggetto_tipo" text,
	"oggetto_id" integer,
	"dettagli" jsonb,
	CONSTRAINT "audit_log_tipo_check" CHECK (tipo in ('accesso', 'accesso_fallito', 'uscita', 'utente_creato', 'utente_eliminato', 'ruolo_modificato', 'password_modificata', 'utente_attivato', 'utente_disattivato', 'esportazione', 'esportazione_dati_persona', 'cancellazione_dati_lead', 'eliminazione_lead', 'conservazione_anonimizzazione', 'impostazioni_modificate'))
);
--> statement-breakpoint
CREATE TABLE "impostazioni" (
	"chiave" text PRIMARY KEY NOT NULL,
	"valore" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "consensi" DROP CONSTRAINT "consensi_lead_id_leads_id_fk";
--> statement-breakpoint
ALTER TABLE "consensi" DROP CONSTRAINT "consensi_pratica_id_pratiche_id_fk";
--> statement-breakpoint
ALTER TABLE "consensi" ADD COLUMN "impronta_telefono" text;--> statement-breakpoint
ALTER TABLE "consensi" ADD COLUMN "impronta_email" text;--> statement-breakpoint
ALTER TABLE "consensi" ADD COLUMN "pseudonimizzato_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "dati_cancellati_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "impostazioni" ADD CONSTRAINT "impostazioni_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_data_id_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_tipo_data_id_idx" ON "audit_log" USING btree ("tipo","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_utente_data_id_idx" ON "audit_log" USING btree ("utente_id","created_at","id");--> statement-breakpoint
CREATE INDEX "consensi_impronta_telefono_idx" ON "consensi" USING btree ("impronta_telefono");--> statement-breakpoint
CREATE INDEX "consensi_impronta_email_idx" ON "consensi" USING btree ("impronta_email");--> statement-breakpoint
-- Hand-written: the consent record is append-only (docs/privacy.md#consensi). Nothing deletes
-- or truncates it; the one UPDATE allowed is the erasure's pseudonymisation, once per row: it
-- adds the keyed hashes, truncates the IP, drops the user agent and changes nothing else.
-- Merging two leads of one person (docs/product/lifecycle.md#doppioni) may move a consent to
-- the kept lead: only lead_id changes then.
CREATE FUNCTION consensi_solo_aggiunta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW.lead_id <> OLD.lead_id
    AND (to_jsonb(NEW) - 'lead_id') = (to_jsonb(OLD) - 'lead_id')
  THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE'
    AND OLD.pseudonimizzato_at IS NULL
    AND NEW.pseudonimizzato_at IS NOT NULL
    AND NEW.id = OLD.id
    AND NEW.lead_id = OLD.lead_id
    AND NEW.pratica_id IS NOT DISTINCT FROM OLD.pratica_id
    AND NEW.versione_informativa = OLD.versione_informativa
    AND NEW.testo = OLD.testo
    AND NEW.accettato_at = OLD.accettato_at
    AND NEW.impronta_telefono IS NOT NULL
    AND NEW.impronta_email IS NOT NULL
    AND NEW.user_agent IS NULL
    AND (NEW.ip IS NULL OR NEW.ip LIKE '%.0' OR NEW.ip LIKE '%::')
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'consensi: registro in sola aggiunta (% rifiutato)', TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER consensi_solo_aggiunta BEFORE UPDATE OR DELETE ON consensi
  FOR EACH ROW EXECUTE FUNCTION consensi_solo_aggiunta();
--> statement-breakpoint
CREATE TRIGGER consensi_niente_truncate BEFORE TRUNCATE ON consensi
  FOR EACH STATEMENT EXECUTE FUNCTION consensi_solo_aggiunta();
--> statement-breakpoint
-- Hand-written: the audit log is append-only too (docs/privacy.md#registro-delle-attività).
CREATE FUNCTION audit_log_solo_aggiunta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log: registro in sola aggiunta (% rifiutato)', TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_solo_aggiunta BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_solo_aggiunta();
--> statement-breakpoint
CREATE TRIGGER audit_log_niente_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_solo_aggiunta();
