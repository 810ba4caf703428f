-- Hand-written: the tables that triggers keep (counters and lead scope of 0011, per-day commission
-- buckets of 0014) computed again from the source tables, as their migrations first filled them.
-- A bulk load of demo data writes with triggers off (session_replication_role = replica: ten
-- times faster) and then calls these, in a transaction that holds the source tables still.
-- Any new table kept by triggers must be rebuilt here too.
-- See docs/performance.md#caricamento-dei-dati-demo
CREATE FUNCTION ricalcola_contatori_e_perimetro() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE lead_utenti, lead_punti, contatori;
  INSERT INTO lead_punti (punto_fisico_id, lead_id, refs)
  SELECT p, l, count(*) FROM (
    SELECT punto_fisico_originale_id AS p, id AS l FROM leads WHERE punto_fisico_originale_id IS NOT NULL
    UNION ALL SELECT punto_fisico_id, lead_id FROM pratiche WHERE punto_fisico_id IS NOT NULL
  ) x GROUP BY 1, 2;
  INSERT INTO lead_utenti (ruolo, user_id, lead_id, data_registrazione, refs)
  SELECT x.r, x.u, x.l, l.data_registrazione, count(*) FROM (
    SELECT 'punto_fisico' AS r, pf.utente_responsabile_id AS u, lp.lead_id AS l FROM lead_punti lp JOIN punti_fisici pf ON pf.id = lp.punto_fisico_id
    UNION ALL SELECT 'agente', pf.agente_id, lp.lead_id FROM lead_punti lp JOIN punti_fisici pf ON pf.id = lp.punto_fisico_id
    UNION ALL SELECT 'area_manager', pf.area_manager_id, lp.lead_id FROM lead_punti lp JOIN punti_fisici pf ON pf.id = lp.punto_fisico_id
  ) x JOIN leads l ON l.id = x.l WHERE x.u IS NOT NULL GROUP BY 1, 2, 3, 4;
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
END $$;--> statement-breakpoint
CREATE FUNCTION ricalcola_commissioni_giorni() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE commissioni_giorni;
  INSERT INTO commissioni_giorni (ambito, ambito_id, punto_fisico_id, giorno, stato_pagamento, storno, righe, importo)
  SELECT * FROM commissioni_giorni_voci(ARRAY(
    SELECT ROW(d.*)::commissioni_giorno_delta FROM (
      SELECT (x.data_completamento AT TIME ZONE 'Europe/Rome')::date, x.punto_fisico_id,
        x.payee_punto_fisico_id, x.payee_agente_id, x.payee_area_manager_id, x.stato_pagamento, x.storno_of_id IS NOT NULL,
        sum(x.importo_punto_fisico), sum(x.importo_agente), sum(x.importo_area_manager), sum(x.importo_amministrazione),
        coalesce(sum(x.importo_punto_fisico + x.importo_agente + x.importo_area_manager + x.importo_amministrazione)
          FILTER (WHERE x.importo_amministrazione <> 0), 0),
        count(*)::int, count(*) FILTER (WHERE x.importo_amministrazione <> 0)::int,
        count(*) FILTER (WHERE x.importo_punto_fisico <> 0)::int, count(*) FILTER (WHERE x.importo_agente <> 0)::int,
        count(*) FILTER (WHERE x.importo_area_manager <> 0)::int
      FROM commissioni x GROUP BY 1, 2, 3, 4, 5, 6, 7
    ) d
  ));
END $$;
