ALTER TABLE "importazioni" DROP CONSTRAINT "importazioni_tipo_check";--> statement-breakpoint
ALTER TABLE "importazioni" ADD COLUMN "calcola_commissioni" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "importazioni" ADD CONSTRAINT "importazioni_tipo_check" CHECK (tipo in ('punti_fisici', 'utenti', 'leads'));