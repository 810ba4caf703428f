ALTER TABLE "pratiche" ADD COLUMN "altro_punto" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "leads_coda_punto_idx" ON "leads" USING btree ("punto_fisico_originale_id","telefono_normalizzato") WHERE chiamata_da is not null and dati_cancellati_at is null;--> statement-breakpoint
CREATE INDEX "pratiche_altro_punto_idx" ON "pratiche" USING btree ("punto_fisico_id","lead_id") WHERE altro_punto;--> statement-breakpoint
-- Practices already held at a second shop (the rule is markAltroPunto's, src/server/modules/punti-fisici/scope.ts).
UPDATE "pratiche" pr SET "altro_punto" = true FROM "leads" l WHERE l.id = pr.lead_id AND pr.punto_fisico_id IS DISTINCT FROM l.punto_fisico_originale_id;
