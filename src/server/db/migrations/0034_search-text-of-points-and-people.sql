-- The points' name and address, and a person's names and e-mail, lower-cased once when the row is
-- written: the points list, its people search, the users list and the point-of-sale filters compare
-- with LIKE against a lower-cased term. ILIKE folded the case of every row it read: 2 ms for the
-- 500 points of a chain, per request. See docs/performance.md#testo-di-ricerca
ALTER TABLE "punti_fisici" ADD COLUMN "cerca" text GENERATED ALWAYS AS (lower(nome_attivita || chr(1) || indirizzo)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cerca" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || chr(1) || last_name || ' ' || first_name || chr(1) || email)) STORED NOT NULL;
