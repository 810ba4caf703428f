-- The deferred trigger that adds a transaction's waiting counter changes to contatori (0017) is a
-- row trigger, as constraint triggers are: a landing submission waits 14 rows, so it ran 14 times
-- at the commit. The first call takes every row; each of the other 13 scanned contatori_attesa
-- (its dead rows included) to find nothing: 0.6-0.8 ms of the submission's SQL at 1,000,000 leads.
--
-- Now only the first row waiting queues the trigger: the WHEN condition, evaluated as each row is
-- inserted, marks the transaction with a transaction-local setting and is false while the mark is
-- there. The flush clears the mark, so rows waiting after an earlier flush (SET CONSTRAINTS ...
-- IMMEDIATE) queue the trigger again. A rolled-back savepoint takes back its rows, its queued
-- trigger and its mark together. See docs/performance.md#contatori-al-commit
CREATE FUNCTION contatori_attesa_da_segnalare() RETURNS boolean LANGUAGE sql VOLATILE AS $$
  -- CASE, as AND does not promise to evaluate its left side first.
  SELECT CASE WHEN coalesce(current_setting('winsolution.contatori_in_attesa', true), '') = 'si' THEN false
    ELSE set_config('winsolution.contatori_in_attesa', 'si', true) = 'si' END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION contatori_versa_attesa() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('winsolution.contatori_in_attesa', '', true);
  -- Only this transaction's rows are visible here: the others' are not committed yet, and never
  -- will be (their own commit removes them first).
  WITH v AS (DELETE FROM contatori_attesa RETURNING ambito, ambito_id, voce, n),
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
END $$;--> statement-breakpoint
DROP TRIGGER contatori_attesa_al_commit ON contatori_attesa;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER contatori_attesa_al_commit AFTER INSERT ON contatori_attesa
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (contatori_attesa_da_segnalare())
  EXECUTE FUNCTION contatori_versa_attesa();
