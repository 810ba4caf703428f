-- A scoped person's search reads only that person's matches (docs/performance.md#ricerca-nel-perimetro).
-- The GIN index of 0020 held the person's id and the trigrams as separate keys: every search
-- intersected the person's whole list (46,000 rows for an agent) with each trigram's list over
-- everyone's rows (tens of thousands each at 1,000,000 leads), ~3 ms per condition and growing
-- with the table. Here one key is the person and three letters together: the person's id in the
-- high 32 bits, a hash of the trigram in the low ones. Only pg_trgm's trigrams of three ASCII
-- letters or digits that are in the text as they are: those are inside a word wherever the text
-- is found, so a term's keys are always among the keys of every text that contains it (a trigram
-- with a space pads a word's end, which '%term%' cannot require; a trigram with an accented letter
-- is stored as a hash that can even print as three letters). A hash collision only lets through a
-- row the LIKE then drops. The search path is fixed because PostgreSQL 17 (PGlite) builds an index
-- with only pg_catalog on it, where pg_trgm's show_trgm is not.
CREATE FUNCTION ricerca_chiavi(persona integer, testo text) RETURNS bigint[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
  SELECT array(
    SELECT (persona::bigint << 32) | (hashtext(t)::bigint & 4294967295)
    FROM unnest(show_trgm(testo)) t
    WHERE length(t) = 3 AND strpos(t, ' ') = 0 AND strpos(testo, t) > 0
  )
$$;--> statement-breakpoint
DROP INDEX "lead_utenti_ricerca_idx";--> statement-breakpoint
-- A person's keys are many small lists, slower to build than the same number of trigrams: one
-- index per slot (a scoped search always names its slot), so that the demo load builds them on
-- both cores (at 1,000,000 leads, 2.56 million rows and 97 million keys: about 3 minutes in all).
SET LOCAL maintenance_work_mem = '256MB';--> statement-breakpoint
CREATE INDEX "lead_utenti_chiavi_punto_fisico_idx" ON "lead_utenti" USING gin (ricerca_chiavi("user_id", "cerca" || ' ' || "telefono_normalizzato")) WHERE "lead_utenti"."ruolo" = 'punto_fisico';--> statement-breakpoint
CREATE INDEX "lead_utenti_chiavi_agente_idx" ON "lead_utenti" USING gin (ricerca_chiavi("user_id", "cerca" || ' ' || "telefono_normalizzato")) WHERE "lead_utenti"."ruolo" = 'agente';--> statement-breakpoint
CREATE INDEX "lead_utenti_chiavi_area_manager_idx" ON "lead_utenti" USING gin (ricerca_chiavi("user_id", "cerca" || ' ' || "telefono_normalizzato")) WHERE "lead_utenti"."ruolo" = 'area_manager';