-- Leads counted by contact status, for the company (`tutti`), each point and each person, kept in
-- the same transaction as the rows like the other counters: `lead|nuovo`, `lead|contattato`,
-- `lead|non_raggiungibile`. The lead list filtered by status alone then shows an exact total read
-- from them, instead of counting up to 10,001 scope rows per request (2–4 ms at 1,000,000 leads)
-- and showing 'più di 10.000'. See docs/performance.md#contatori
--
-- Where they change: a lead inserted or deleted (tutti); a scope row of a point or a person that
-- appears or goes (lead_punti_applica, lead_utenti_applica, with the row's status); a lead's status
-- changed (leads_dopo_update: the scope rows whose stored status differs from the new one, before
-- they are updated, so a row just added with the new status is not counted twice).
LOCK TABLE leads, lead_punti, lead_utenti IN SHARE MODE;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_punti_applica(p_punto integer[], p_lead integer[], p_delta integer[])
RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE v_p integer[]; v_l integer[]; v_s integer[]; v_t text[]; z_p integer[]; z_l integer[];
  f_r text[]; f_u integer[]; f_l integer[]; f_s integer[];
BEGIN
  WITH d AS (
    SELECT x.p, x.l, sum(x.d)::integer AS delta FROM unnest(p_punto, p_lead, p_delta) AS x(p, l, d)
    WHERE x.p IS NOT NULL GROUP BY 1, 2 HAVING sum(x.d) <> 0
  ),
  up AS (
    INSERT INTO lead_punti AS lp (punto_fisico_id, lead_id, data_registrazione, stato_contatto, refs)
    SELECT d.p, d.l, coalesce(l.data_registrazione, now()), coalesce(l.stato_contatto, 'nuovo'), d.delta
    FROM d LEFT JOIN leads l ON l.id = d.l
    ON CONFLICT (punto_fisico_id, lead_id) DO UPDATE SET refs = lp.refs + excluded.refs
    RETURNING lp.punto_fisico_id, lp.lead_id, lp.refs, lp.stato_contatto
  ),
  j AS (
    SELECT up.*, (up.refs > 0 AND up.refs = d.delta) OR (up.refs <= 0 AND up.refs - d.delta > 0) AS moved
    FROM up JOIN d ON d.p = up.punto_fisico_id AND d.l = up.lead_id
  )
  SELECT array_agg(punto_fisico_id) FILTER (WHERE moved), array_agg(lead_id) FILTER (WHERE moved),
         array_agg(CASE WHEN refs > 0 THEN 1 ELSE -1 END) FILTER (WHERE moved),
         array_agg(stato_contatto) FILTER (WHERE moved),
         array_agg(punto_fisico_id) FILTER (WHERE refs <= 0), array_agg(lead_id) FILTER (WHERE refs <= 0)
  INTO v_p, v_l, v_s, v_t, z_p, z_l
  FROM j;
  IF z_p IS NOT NULL THEN
    DELETE FROM lead_punti lp
    WHERE lp.refs <= 0 AND (lp.punto_fisico_id, lp.lead_id) IN (SELECT * FROM unnest(z_p, z_l));
  END IF;
  IF v_p IS NULL THEN RETURN; END IF;
  INSERT INTO contatori_attesa (ambito, ambito_id, voce, n)
  SELECT 'punto', x.p, 'lead', sum(x.s) FROM unnest(v_p, v_s) AS x(p, s) GROUP BY 1, 2 HAVING sum(x.s) <> 0
  UNION ALL
  SELECT 'punto', x.p, 'lead|' || x.t, sum(x.s) FROM unnest(v_p, v_s, v_t) AS x(p, s, t)
    GROUP BY 1, 2, 3 HAVING sum(x.s) <> 0;
  -- Each lead that joins or leaves a point joins or leaves the scope of the point's people.
  SELECT array_agg(f.r), array_agg(f.u), array_agg(f.l), array_agg(f.s) INTO f_r, f_u, f_l, f_s FROM (
    SELECT 'punto_fisico' AS r, pf.utente_responsabile_id AS u, x.l, x.s FROM unnest(v_p, v_l, v_s) AS x(p, l, s) JOIN punti_fisici pf ON pf.id = x.p
    UNION ALL
    SELECT 'agente', pf.agente_id, x.l, x.s FROM unnest(v_p, v_l, v_s) AS x(p, l, s) JOIN punti_fisici pf ON pf.id = x.p
    UNION ALL
    SELECT 'area_manager', pf.area_manager_id, x.l, x.s FROM unnest(v_p, v_l, v_s) AS x(p, l, s) JOIN punti_fisici pf ON pf.id = x.p
  ) f WHERE f.u IS NOT NULL;
  IF f_r IS NOT NULL THEN PERFORM lead_utenti_applica(f_r, f_u, f_l, f_s); END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_utenti_applica(p_ruolo text[], p_user integer[], p_lead integer[], p_delta integer[])
RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE v_r text[]; v_u integer[]; v_l integer[]; v_s integer[]; v_t text[]; z_r text[]; z_u integer[]; z_l integer[];
BEGIN
  WITH d AS (
    SELECT x.r, x.u, x.l, sum(x.d)::integer AS delta FROM unnest(p_ruolo, p_user, p_lead, p_delta) AS x(r, u, l, d)
    WHERE x.u IS NOT NULL GROUP BY 1, 2, 3 HAVING sum(x.d) <> 0
  ),
  up AS (
    INSERT INTO lead_utenti AS lu (ruolo, user_id, lead_id, data_registrazione, stato_contatto, cerca, telefono_normalizzato, refs)
    SELECT d.r, d.u, d.l, coalesce(l.data_registrazione, now()), coalesce(l.stato_contatto, 'nuovo'),
      coalesce(l.cerca, ''), coalesce(l.telefono_normalizzato, ''), d.delta
    FROM d LEFT JOIN leads l ON l.id = d.l
    ON CONFLICT (ruolo, user_id, lead_id) DO UPDATE SET refs = lu.refs + excluded.refs
    RETURNING lu.ruolo, lu.user_id, lu.lead_id, lu.refs, lu.stato_contatto
  ),
  j AS (
    SELECT up.*, (up.refs > 0 AND up.refs = d.delta) OR (up.refs <= 0 AND up.refs - d.delta > 0) AS moved
    FROM up JOIN d ON d.r = up.ruolo AND d.u = up.user_id AND d.l = up.lead_id
  )
  SELECT array_agg(ruolo) FILTER (WHERE moved), array_agg(user_id) FILTER (WHERE moved),
         array_agg(lead_id) FILTER (WHERE moved), array_agg(CASE WHEN refs > 0 THEN 1 ELSE -1 END) FILTER (WHERE moved),
         array_agg(stato_contatto) FILTER (WHERE moved),
         array_agg(ruolo) FILTER (WHERE refs <= 0), array_agg(user_id) FILTER (WHERE refs <= 0),
         array_agg(lead_id) FILTER (WHERE refs <= 0)
  INTO v_r, v_u, v_l, v_s, v_t, z_r, z_u, z_l
  FROM j;
  IF z_r IS NOT NULL THEN
    DELETE FROM lead_utenti lu
    WHERE lu.refs <= 0 AND (lu.ruolo, lu.user_id, lu.lead_id) IN (SELECT * FROM unnest(z_r, z_u, z_l));
  END IF;
  IF v_r IS NULL THEN RETURN; END IF;
  INSERT INTO contatori_attesa (ambito, ambito_id, voce, n)
  SELECT x.r, x.u, 'lead', sum(x.s) FROM unnest(v_r, v_u, v_s) AS x(r, u, s) GROUP BY 1, 2 HAVING sum(x.s) <> 0
  UNION ALL
  SELECT x.r, x.u, 'lead|' || x.t, sum(x.s) FROM unnest(v_r, v_u, v_s, v_t) AS x(r, u, s, t)
    GROUP BY 1, 2, 3 HAVING sum(x.s) <> 0;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION leads_dopo_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contatori_somma('tutti', 0, 'lead', (SELECT count(*)::integer FROM nuovi));
  INSERT INTO contatori_attesa (ambito, ambito_id, voce, n)
  SELECT 'tutti', 0, 'lead|' || stato_contatto, count(*)::integer FROM nuovi GROUP BY 3;
  PERFORM lead_punti_applica(array_agg(punto_fisico_originale_id), array_agg(id), array_agg(1))
    FROM nuovi WHERE punto_fisico_originale_id IS NOT NULL HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION leads_dopo_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contatori_somma('tutti', 0, 'lead', -(SELECT count(*)::integer FROM vecchi));
  INSERT INTO contatori_attesa (ambito, ambito_id, voce, n)
  SELECT 'tutti', 0, 'lead|' || stato_contatto, -count(*)::integer FROM vecchi GROUP BY 3;
  PERFORM lead_punti_applica(array_agg(punto_fisico_originale_id), array_agg(id), array_agg(-1))
    FROM vecchi WHERE punto_fisico_originale_id IS NOT NULL HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION leads_dopo_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_punti_applica(array_agg(x.p), array_agg(x.l), array_agg(x.d)) FROM (
    SELECT o.punto_fisico_originale_id AS p, o.id AS l, -1 AS d FROM vecchi o JOIN nuovi n ON n.id = o.id
      WHERE o.punto_fisico_originale_id IS DISTINCT FROM n.punto_fisico_originale_id
    UNION ALL
    SELECT n.punto_fisico_originale_id, n.id, 1 FROM vecchi o JOIN nuovi n ON n.id = o.id
      WHERE o.punto_fisico_originale_id IS DISTINCT FROM n.punto_fisico_originale_id
  ) x WHERE x.p IS NOT NULL HAVING count(*) > 0;
  -- A status changed: out of the old status's counts, into the new one's. The scope rows are read
  -- before they are updated below; one the line above has just added already has the new status.
  IF EXISTS (SELECT 1 FROM vecchi o JOIN nuovi n ON n.id = o.id WHERE o.stato_contatto <> n.stato_contatto) THEN
    INSERT INTO contatori_attesa (ambito, ambito_id, voce, n)
    SELECT 'tutti', 0, 'lead|' || v.t, sum(v.d)::integer
      FROM vecchi o JOIN nuovi n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.stato_contatto, -1), (n.stato_contatto, 1)) AS v(t, d)
      WHERE o.stato_contatto <> n.stato_contatto GROUP BY 3 HAVING sum(v.d) <> 0
    UNION ALL
    SELECT 'punto', lp.punto_fisico_id, 'lead|' || v.t, sum(v.d)::integer
      FROM nuovi n JOIN lead_punti lp ON lp.lead_id = n.id
      CROSS JOIN LATERAL (VALUES (lp.stato_contatto, -1), (n.stato_contatto, 1)) AS v(t, d)
      WHERE lp.stato_contatto <> n.stato_contatto GROUP BY 2, 3 HAVING sum(v.d) <> 0
    UNION ALL
    SELECT lu.ruolo, lu.user_id, 'lead|' || v.t, sum(v.d)::integer
      FROM nuovi n JOIN lead_utenti lu ON lu.lead_id = n.id
      CROSS JOIN LATERAL (VALUES (lu.stato_contatto, -1), (n.stato_contatto, 1)) AS v(t, d)
      WHERE lu.stato_contatto <> n.stato_contatto GROUP BY 1, 2, 3 HAVING sum(v.d) <> 0;
  END IF;
  UPDATE lead_utenti lu SET data_registrazione = n.data_registrazione, stato_contatto = n.stato_contatto,
      cerca = n.cerca, telefono_normalizzato = n.telefono_normalizzato
    FROM vecchi o JOIN nuovi n ON n.id = o.id
    WHERE (o.data_registrazione, o.stato_contatto, o.cerca, o.telefono_normalizzato)
      IS DISTINCT FROM (n.data_registrazione, n.stato_contatto, n.cerca, n.telefono_normalizzato)
      AND lu.lead_id = n.id;
  UPDATE lead_punti lp SET data_registrazione = n.data_registrazione, stato_contatto = n.stato_contatto
    FROM vecchi o JOIN nuovi n ON n.id = o.id
    WHERE (o.data_registrazione <> n.data_registrazione OR o.stato_contatto <> n.stato_contatto) AND lp.lead_id = n.id;
  UPDATE pratiche p SET cerca = n.cerca, telefono_normalizzato = n.telefono_normalizzato
    FROM vecchi o JOIN nuovi n ON n.id = o.id
    WHERE (o.cerca, o.telefono_normalizzato) IS DISTINCT FROM (n.cerca, n.telefono_normalizzato)
      AND p.lead_id = n.id;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The company's figures at commit: a point's lead counts (by status too) are not the company's, a
-- customer of two shops counts once there (the leads' own triggers write them).
CREATE OR REPLACE FUNCTION contatori_versa_attesa() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only this transaction's rows are visible here: the others' are not committed yet, and never
  -- will be (their own commit removes them first). The first call takes them all; the rest find none.
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
CREATE OR REPLACE FUNCTION punti_fisici_prima_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE leads SET punto_fisico_originale_id = NULL WHERE punto_fisico_originale_id = OLD.id;
  UPDATE pratiche SET punto_fisico_id = NULL WHERE punto_fisico_id = OLD.id;
  DELETE FROM contatori WHERE ambito = 'punto' AND ambito_id = OLD.id;
  -- Its changes still waiting for the commit go with it (the updates above just queued some),
  -- but the company's figures keep them: they balance the practices now counted at "no point".
  -- Not the leads': the company counts them once, from the leads themselves.
  INSERT INTO contatori_attesa (ambito, ambito_id, voce, n)
  SELECT 'tutti', 0, voce, n FROM contatori_attesa
  WHERE ambito = 'punto' AND ambito_id = OLD.id AND voce <> 'lead' AND voce NOT LIKE 'lead|%';
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
  SELECT x.r, x.u, x.l, l.data_registrazione, l.stato_contatto, l.cerca, l.telefono_normalizzato, count(*) FROM (
    SELECT 'punto_fisico' AS r, pf.utente_responsabile_id AS u, lp.lead_id AS l FROM lead_punti lp JOIN punti_fisici pf ON pf.id = lp.punto_fisico_id
    UNION ALL SELECT 'agente', pf.agente_id, lp.lead_id FROM lead_punti lp JOIN punti_fisici pf ON pf.id = lp.punto_fisico_id
    UNION ALL SELECT 'area_manager', pf.area_manager_id, lp.lead_id FROM lead_punti lp JOIN punti_fisici pf ON pf.id = lp.punto_fisico_id
  ) x JOIN leads l ON l.id = x.l WHERE x.u IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6, 7;
  INSERT INTO contatori (ambito, ambito_id, voce, n)
  SELECT 'tutti', 0, 'lead', count(*) FROM leads
  UNION ALL SELECT 'tutti', 0, 'lead|' || stato_contatto, count(*) FROM leads GROUP BY 3
  UNION ALL SELECT 'punto', punto_fisico_id, 'lead', count(*) FROM lead_punti GROUP BY 2
  UNION ALL SELECT 'punto', punto_fisico_id, 'lead|' || stato_contatto, count(*) FROM lead_punti GROUP BY 2, 3
  UNION ALL SELECT ruolo, user_id, 'lead', count(*) FROM lead_utenti GROUP BY 1, 2
  UNION ALL SELECT ruolo, user_id, 'lead|' || stato_contatto, count(*) FROM lead_utenti GROUP BY 1, 2, 3
  UNION ALL SELECT 'punto', coalesce(punto_fisico_id, 0), 'pratiche', count(*) FROM pratiche GROUP BY 2
  UNION ALL SELECT 'punto', coalesce(p.punto_fisico_id, 0), 'servizi|' || s.tipo_servizio || '|' || s.stato, count(*)
    FROM servizi s JOIN pratiche p ON p.id = s.pratica_id GROUP BY 2, 3
  UNION ALL SELECT 'punto', coalesce(p.punto_fisico_id, 0), 'pratiche|' || s.tipo_servizio || '|' || s.stato, count(DISTINCT p.id)
    FROM servizi s JOIN pratiche p ON p.id = s.pratica_id GROUP BY 2, 3
  UNION ALL SELECT 'punto', coalesce(p.punto_fisico_id, 0), 'pratiche|*|' || s.stato, count(DISTINCT p.id)
    FROM servizi s JOIN pratiche p ON p.id = s.pratica_id GROUP BY 2, 3
  UNION ALL SELECT 'punto', coalesce(p.punto_fisico_id, 0), 'pratiche|' || s.tipo_servizio || '|*', count(DISTINCT p.id)
    FROM servizi s JOIN pratiche p ON p.id = s.pratica_id GROUP BY 2, 3;
  -- The whole company's figures: the points' summed (0022), but for the leads, which are counted
  -- once however many points they reach.
  INSERT INTO contatori (ambito, ambito_id, voce, n)
  SELECT 'tutti', 0, voce, sum(n) FROM contatori
  WHERE ambito = 'punto' AND voce <> 'lead' AND voce NOT LIKE 'lead|%' GROUP BY voce;
END $$;--> statement-breakpoint
-- The counts of the leads already there, as the rebuild computes them.
INSERT INTO contatori (ambito, ambito_id, voce, n)
SELECT 'tutti', 0, 'lead|' || stato_contatto, count(*) FROM leads GROUP BY 3
UNION ALL SELECT 'punto', punto_fisico_id, 'lead|' || stato_contatto, count(*) FROM lead_punti GROUP BY 2, 3
UNION ALL SELECT ruolo, user_id, 'lead|' || stato_contatto, count(*) FROM lead_utenti GROUP BY 1, 2, 3;
