-- Hand-written. Practices holding at least one service of a type, in any status:
-- 'pratiche|tipo|*' per point (and for the whole company, 0022). The list of practices filtered by
-- a service type alone showed 'più di 1.000' counted on servizi_elenco's ranges; a sum of the
-- per-status counters would count twice a practice holding that type in two statuses.
-- Same rule as the other practice counters: a touched practice's distinct keys before (-1) and
-- after (+1) the change. See docs/performance.md#contatori
CREATE OR REPLACE FUNCTION contatori_servizi_applica(righe servizio_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Services per (point, type, status) are summed; a practice counts once per (point, status),
  -- per (point, type, status) and per (point, type) it has at least one service in: its distinct
  -- keys before (-1) and after (+1) the change.
  WITH r AS (SELECT coalesce(x.punto, 0) AS punto, x.pratica, x.tipo, x.stato, x.segno FROM unnest(righe) AS x),
  voci AS (
    SELECT punto, 'servizi|' || tipo || '|' || stato AS voce, sum(segno) AS n FROM r GROUP BY 1, 2
    UNION ALL
    SELECT punto, 'pratiche|' || tipo || '|' || stato, sum(segno)
      FROM (SELECT DISTINCT punto, pratica, tipo, stato, segno FROM r) f GROUP BY 1, 2
    UNION ALL
    SELECT punto, 'pratiche|*|' || stato, sum(segno)
      FROM (SELECT DISTINCT punto, pratica, stato, segno FROM r) f GROUP BY 1, 2
    UNION ALL
    SELECT punto, 'pratiche|' || tipo || '|*', sum(segno)
      FROM (SELECT DISTINCT punto, pratica, tipo, segno FROM r) f GROUP BY 1, 2
  )
  INSERT INTO contatori_attesa (ambito, ambito_id, voce, n)
  SELECT 'punto', punto, voce, n FROM voci WHERE n <> 0;
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
    FROM servizi s JOIN pratiche p ON p.id = s.pratica_id GROUP BY 2, 3
  UNION ALL SELECT 'punto', coalesce(p.punto_fisico_id, 0), 'pratiche|' || s.tipo_servizio || '|*', count(DISTINCT p.id)
    FROM servizi s JOIN pratiche p ON p.id = s.pratica_id GROUP BY 2, 3;
  -- The whole company's figures: the points' summed (0022).
  INSERT INTO contatori (ambito, ambito_id, voce, n)
  SELECT 'tutti', 0, voce, sum(n) FROM contatori WHERE ambito = 'punto' AND voce <> 'lead' GROUP BY voce;
END $$;--> statement-breakpoint
INSERT INTO contatori (ambito, ambito_id, voce, n)
SELECT 'punto', coalesce(p.punto_fisico_id, 0), 'pratiche|' || s.tipo_servizio || '|*', count(DISTINCT p.id)
FROM servizi s JOIN pratiche p ON p.id = s.pratica_id GROUP BY 2, 3
ON CONFLICT (ambito, ambito_id, voce) DO UPDATE SET n = excluded.n;--> statement-breakpoint
INSERT INTO contatori (ambito, ambito_id, voce, n)
SELECT 'tutti', 0, voce, sum(n) FROM contatori WHERE ambito = 'punto' AND voce LIKE 'pratiche|%|*' GROUP BY voce
ON CONFLICT (ambito, ambito_id, voce) DO UPDATE SET n = excluded.n;
