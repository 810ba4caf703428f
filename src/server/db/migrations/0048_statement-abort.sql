-- Undoes the statement that calls it when `condizione` holds, with SQLSTATE WS409 and `motivo`
-- as the message. A landing submission is one statement, outside any transaction: when its
-- idempotency key turns out to be stored already (a concurrent twin committed it first), its last
-- SELECT calls this and everything the statement inserted goes with the error
-- (docs/performance.md#invio-dalla-landing).
CREATE OR REPLACE FUNCTION annulla_se(condizione boolean, motivo text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF condizione THEN
    RAISE EXCEPTION USING ERRCODE = 'WS409', MESSAGE = motivo;
  END IF;
  RETURN false;
END $$;
