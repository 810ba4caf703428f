-- Added by hand (drizzle-kit does not emit extensions): the trigram operator class of the lead search indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "servizi_stato_idx";--> statement-breakpoint
CREATE INDEX "leads_ricerca_trgm_idx" ON "leads" USING gin (("nome" || ' ' || "cognome" || chr(1) || "cognome" || ' ' || "nome" || chr(1) || "email" || chr(1) || "telefono") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_telefono_trgm_idx" ON "leads" USING gin ("telefono_normalizzato" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "servizi_stato_pratica_idx" ON "servizi" USING btree ("stato","pratica_id");