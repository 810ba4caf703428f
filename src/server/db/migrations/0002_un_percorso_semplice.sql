-- One plain data path (issue 46, docs/performance.md): no per-process memory of broad searches, so
-- the search version that served it goes with its triggers; the landing submission is an ordinary
-- transaction, so nothing aborts a statement through a custom SQLSTATE (annulla_se).
DROP TRIGGER lead_utenti_ricerca_versione_delete ON lead_utenti;--> statement-breakpoint
DROP TRIGGER lead_utenti_ricerca_versione_truncate ON lead_utenti;--> statement-breakpoint
DROP TRIGGER leads_ricerca_versione_delete ON leads;--> statement-breakpoint
DROP TRIGGER leads_ricerca_versione_truncate ON leads;--> statement-breakpoint
DROP TRIGGER leads_ricerca_versione_update ON leads;--> statement-breakpoint
DROP TRIGGER pratiche_ricerca_versione_delete ON pratiche;--> statement-breakpoint
DROP TRIGGER pratiche_ricerca_versione_truncate ON pratiche;--> statement-breakpoint
DROP TRIGGER pratiche_ricerca_versione_update ON pratiche;--> statement-breakpoint
DROP TABLE "ricerca_versione" CASCADE;--> statement-breakpoint
DROP TABLE "ricerca_versione_attesa" CASCADE;--> statement-breakpoint
DROP FUNCTION ricerca_versione_avanza();--> statement-breakpoint
DROP FUNCTION ricerca_versione_dopo_delete();--> statement-breakpoint
DROP FUNCTION ricerca_versione_dopo_update();--> statement-breakpoint
DROP FUNCTION ricerca_versione_versa_attesa();--> statement-breakpoint
DROP FUNCTION annulla_se(boolean, text);
