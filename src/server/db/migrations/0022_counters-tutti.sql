-- Hand-written. The whole company's practices and services per (type, status) kept as counters
-- of their own, ('tutti', 0, voce), beside each point's: the office's dashboard and unfiltered
-- lists read 16 rows instead of summing 500 points' rows on every request.
-- Every change to a point's practice and service counters is added to the same figures of
-- 'tutti' at commit (contatori_versa_attesa); 'lead' is not a sum over points (a customer can be
-- at two shops), so its 'tutti' row stays the one the lead triggers write.
-- See docs/performance.md#contatori
CREATE OR REPLACE FUNCTION contatori_versa_attesa() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only this transaction's rows are visible here: the others' are not committed yet, and never
  -- will be (their own commit removes them first). The first call takes them all; the rest find none.
  WITH v AS (DELETE FROM contatori_attesa RETURNING ambito, ambito_id, voce, n),
  t AS (
    SELECT ambito, ambito_id, voce, n FROM v
    UNION ALL SELECT 'tutti', 0, voce, n FROM v WHERE ambito = 'punto' AND voce <> 'lead'
  )
  INSERT INTO contatori AS c (ambito, ambito_id, voce, n)
  SELECT ambito, ambito_id, voce, sum(n) FROM t GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (ambito, ambito_id, voce) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION punti_fisici_prima_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE leads SET punto_fisico_originale_id = NULL WHERE punto_fisico_originale_id = OLD.id;
  UPDATE pratiche SET punto_fisico_id = NULL WHERE punto_fisico_id = OLD.id;
  DELETE FROM contatori WHERE ambito = 'punto' AND ambito_id = OLD.id;
  -- Its changes still waiting for the commit go with it (the updates above just queued some),
  -- but the company's figures keep them: they balance the practices now counted at "no point".
  INSERT INTO contatori_attesa (ambito, ambito_id, voce, n)
  SELECT 'tutti', 0, voce, n FROM contatori_attesa WHERE ambito = 'punto' AND ambito_id = OLD.id AND voce <> 'lead';
  DELETE FROM contatori_attesa WHERE ambito = 'punto' AND ambito_id = OLD.id;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ricalcola_contatori_e_perimetro() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE lead_utenti, lead_punti, contatori;
  INSERT INTO lead_punti (punto_fisico_id, lead_id, data_registrazione, stato_contatto, refs)
  SELECT x.p, x.l, l.data_registrazione, l.stato_contatto, x.refs FROM (
    SELECT p, l, count(*) AS refs FROM (
      SELECT punto_fisico_originale_id AS p, id AS l FROM leads WHERE punto_fisico_originale_id IS NOT NULL
      UNION ALL SELECT punto_fisico_id, lead_id FROM pratiche WHERE punto_fisico_id IS NOT NULL
    ) y GROUP BY 1, 2
  ) x JOIN leads l ON l.id = x.l;
  INSERT INTO lead_utenti (ruolo, user_id, lead_id, data_registrazione, stato_contatto, cerca, telefono_normalizzato, refs)
  SELECT x.r, x.u, x.l, l.data_registrazione, l.stato_contatto, (l.nome || ' ' || l.cognome || chr(1) || l.cognome || ' ' || l.nome || chr(1) || l.email || chr(1) || l.telefono), l.telefono_normalizzato, count(*) FROM (
    SELECT 'punto_fisico' AS r, pf.utente_responsabile_id AS u, lp.lead_id AS l FROM lead_punti lp JOIN punti_fisici pf ON pf.id = lp.punto_fisico_id
    UNION ALL SELECT 'agente', pf.agente_id, lp.lead_id FROM lead_punti lp JOIN punti_fisici pf ON pf.id = lp.punto_fisico_id
    UNION ALL SELECT 'area_manager', pf.area_manager_id, lp.lead_id FROM lead_punti lp JOIN punti_fisici pf ON pf.id = lp.punto_fisico_id
  ) x JOIN leads l ON l.id = x.l WHERE x.u IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6, 7;
  INSERT INTO contatori (ambito, ambito_id, voce, n)
  SELECT 'tutti', 0, 'lead', count(*) FROM leads
  UNION ALL SELECT 'punto', punto_fisico_id, 'lead', count(*) FROM lead_punti GROUP BY 2
  UNION ALL SELECT ruolo, user_id, 'lead', count(*) FROM lead_utenti GROUP BY 1, 2
  UNION ALL SELECT 'punto', coalesce(punto_fisico_id, 0), 'pratiche', count(*) FROM pratiche GROUP BY 2
  UNION ALL SELECT 'punto', coalesce(p.punto_fisico_id, 0), 'servizi|' || s.tipo_servizio || '|' || s.stato, count(*)
    FROM servizi s JOIN pratiche p ON p.id = s.pratica_id GROUP BY 2, 3
  UNION ALL SELECT 'punto', coalesce(p.punto_fisico_id, 0), 'pratiche|' || s.tipo_servizio || '|' || s.stato, count(DISTINCT p.id)
    FROM servizi s JOIN pratiche p ON p.id = s.pratica_id GROUP BY 2, 3
  UNION ALL SELECT 'punto', coalesce(p.punto_fisico_id, 0), 'pratiche|*|' || s.stato, count(DISTINCT p.id)
    FROM servizi s JOIN pratiche p ON p.id = s.pratica_id GROUP BY 2, 3;
  -- The whole company's figures: the points' summed (0022).
  INSERT INTO contatori (ambito, ambito_id, voce, n)
  SELECT 'tutti', 0, voce, sum(n) FROM contatori WHERE ambito = 'punto' AND voce <> 'lead' GROUP BY voce;
END $$;--> statement-breakpoint
INSERT INTO contatori (ambito, ambito_id, voce, n)
SELECT 'tutti', 0, voce, sum(n) FROM contatori WHERE ambito = 'punto' AND voce <> 'lead' GROUP BY voce
ON CONFLICT (ambito, ambito_id, voce) DO UPDATE SET n = excluded.n;
