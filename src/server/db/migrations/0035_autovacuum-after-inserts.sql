-- The lists read their newest rows by index-only scans (pratiche by date with the search text,
-- the scope rows of lead_utenti and lead_punti, servizi_elenco by status), and the heap is read
-- again for every row whose page the visibility map does not yet mark all-visible. PostgreSQL's
-- autovacuum comes after 20% of a table has been inserted: 200,000 new practices at 1,000,000, so
-- the newest ones, those every first page reads, stayed unmarked (a surname search of the
-- practices read 4,000 heap rows: 2.5 ms instead of 1.6 after a VACUUM). After 0.5% it only visits
-- the new pages, and it also empties the trigram indexes' pending lists, which every search reads
-- through. PGlite has no autovacuum and ignores this (its daily VACUUM does the work).
-- See docs/performance.md#autovacuum-dopo-gli-inserimenti
ALTER TABLE "pratiche" SET (autovacuum_vacuum_insert_scale_factor = 0.005);--> statement-breakpoint
ALTER TABLE "leads" SET (autovacuum_vacuum_insert_scale_factor = 0.005);--> statement-breakpoint
ALTER TABLE "lead_utenti" SET (autovacuum_vacuum_insert_scale_factor = 0.005);--> statement-breakpoint
ALTER TABLE "lead_punti" SET (autovacuum_vacuum_insert_scale_factor = 0.005);--> statement-breakpoint
ALTER TABLE "servizi_elenco" SET (autovacuum_vacuum_insert_scale_factor = 0.005);
