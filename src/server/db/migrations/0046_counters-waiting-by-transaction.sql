-- The commit's flush (0017, last written in 0045) took its rows with a DELETE of the whole
-- table: every other transaction's rows are invisible to it, but they stay in the table as dead
-- rows until autovacuum comes (at most once a minute), and the DELETE read them all. A landing
-- submission leaves 14; at 200 submissions a second the flush read over 100,000 dead rows, 0.7 ms
-- of each commit. Each row now carries the transaction that wrote it and the flush reads its own
-- through an index (docs/performance.md#contatori-al-commit).
ALTER TABLE "contatori_attesa" ADD COLUMN "transazione" bigint DEFAULT txid_current() NOT NULL;--> statement-breakpoint
CREATE INDEX "contatori_attesa_transazione_idx" ON "contatori_attesa" USING btree ("transazione");--> statement-breakpoint
CREATE OR REPLACE FUNCTION contatori_versa_attesa() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('winsolution.contatori_in_attesa', '', true);
  -- txid_current() is the top-level transaction's, also in a savepoint: the column's default.
  WITH v AS (DELETE FROM contatori_attesa WHERE transazione = txid_current() RETURNING ambito, ambito_id, voce, n),
  s AS (SELECT (txid_current() % 8)::integer AS striscia),
  t AS (
    SELECT v.ambito, CASE WHEN v.ambito = 'tutti' THEN s.striscia ELSE v.ambito_id END AS ambito_id, v.voce, v.n
      FROM v, s
    UNION ALL SELECT 'tutti', s.striscia, v.voce, v.n FROM v, s
      WHERE v.ambito = 'punto' AND v.voce <> 'lead' AND v.voce NOT LIKE 'lead|%'
  )
  INSERT INTO contatori AS c (ambito, ambito_id, voce, n)
  SELECT ambito, ambito_id, voce, sum(n) FROM t GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (ambito, ambito_id, voce) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
