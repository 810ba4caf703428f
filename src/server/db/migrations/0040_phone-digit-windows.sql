-- A phone search of seven digits or more, found by its digit windows instead of trigrams
-- (docs/performance.md#ricerca-per-cifre, decision 046). Each of the ten digits' trigrams is in
-- about 8,000 leads at 1,000,000, and a trigram search merges those lists: a phone searched by the
-- administrator cost 5–6 ms of SQL, growing with the table. The windows of seven digits in a row
-- (ten million values) are each in about one lead: the index reads a few entries whatever the size.
--
-- ricerca_finestre_cifre(t): every seven digits in a row of every run of seven or more ASCII
-- digits in t, as integers (fixed width, so '0123456' and '1234567' stay apart). A term's windows
-- are among those of every text holding it: the term's runs lie inside the text's runs. The search
-- rechecks the text (strpos), so the index only has to find a superset.
CREATE OR REPLACE FUNCTION ricerca_finestre_cifre(testo text) RETURNS integer[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT array(
    SELECT substr(m[1], i, 7)::integer
    FROM regexp_matches(testo, '[0-9]{7,}', 'g') m, generate_series(1, length(m[1]) - 6) i
  )
$$;--> statement-breakpoint
CREATE INDEX "leads_finestre_cifre_idx" ON "leads" USING gin (ricerca_finestre_cifre("cerca" || chr(1) || "telefono_normalizzato"));--> statement-breakpoint
CREATE INDEX "pratiche_finestre_cifre_idx" ON "pratiche" USING gin (ricerca_finestre_cifre("cerca" || chr(1) || "telefono_normalizzato"));