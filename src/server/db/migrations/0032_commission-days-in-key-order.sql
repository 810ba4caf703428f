-- The per-day commission sums (0014, docs/performance.md#somme-delle-commissioni) are upserted in
-- key order. Two transactions that each changed commissions of two days (a payment, a storno, a
-- completion dated back) locked their shared rows (the whole company's 'admin' and
-- 'amministrazione' rows of a day) in the order a hash aggregate gave them, and could wait on
-- each other: the demo load's status changes, eight at a time, met a deadlock. In one order for
-- every transaction, the one that comes second waits for the first.
CREATE OR REPLACE FUNCTION commissioni_giorni_applica(righe commissioni_giorno_delta[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO commissioni_giorni AS g (ambito, ambito_id, punto_fisico_id, giorno, stato_pagamento, storno, righe, importo)
  SELECT * FROM commissioni_giorni_voci(righe) v
  ORDER BY v.ambito, v.ambito_id, v.punto_fisico_id, v.giorno, v.stato_pagamento, v.storno
  ON CONFLICT (ambito, ambito_id, punto_fisico_id, giorno, stato_pagamento, storno)
  DO UPDATE SET importo = g.importo + excluded.importo, righe = g.righe + excluded.righe;
$$;
