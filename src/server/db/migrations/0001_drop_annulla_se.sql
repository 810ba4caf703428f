-- The landing submission is an ordinary transaction (docs/performance.md#invio-dalla-landing):
-- nothing aborts a statement through a custom SQLSTATE any more.
DROP FUNCTION annulla_se(boolean, text);
