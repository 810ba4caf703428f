-- Hand-written: the two membership functions of 0011 deleted the rows whose refs reached 0 with
-- `refs <= 0 AND key IN (every key passed)`. For a large batch (a bulk load of 20,000 leads, a
-- landing day's imports) PostgreSQL estimated one row with refs <= 0 and scanned the whole
-- lead_utenti / lead_punti table (millions of rows at a million leads) on every statement, even
-- when nothing was to be deleted. Now the keys that reached 0 are collected from the upsert itself
-- and the DELETE runs only for them, by primary key. Same results: see docs/performance.md#contatori
CREATE OR REPLACE FUNCTION lead_utenti_applica(p_ruolo text[], p_user integer[], p_lead integer[], p_delta integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE v_r text[]; v_u integer[]; v_l integer[]; v_s integer[]; z_r text[]; z_u integer[]; z_l integer[];
BEGIN
  WITH d AS (
    SELECT x.r, x.u, x.l, sum(x.d)::integer AS delta FROM unnest(p_ruolo, p_user, p_lead, p_delta) AS x(r, u, l, d)
    WHERE x.u IS NOT NULL GROUP BY 1, 2, 3 HAVING sum(x.d) <> 0
  ),
  up AS (
    INSERT INTO lead_utenti AS lu (ruolo, user_id, lead_id, data_registrazione, refs)
    SELECT d.r, d.u, d.l, coalesce(l.data_registrazione, now()), d.delta FROM d LEFT JOIN leads l ON l.id = d.l
    ON CONFLICT (ruolo, user_id, lead_id) DO UPDATE SET refs = lu.refs + excluded.refs
    RETURNING lu.ruolo, lu.user_id, lu.lead_id, lu.refs
  ),
  j AS (
    SELECT up.*, (up.refs > 0 AND up.refs = d.delta) OR (up.refs <= 0 AND up.refs - d.delta > 0) AS moved
    FROM up JOIN d ON d.r = up.ruolo AND d.u = up.user_id AND d.l = up.lead_id
  )
  SELECT array_agg(ruolo) FILTER (WHERE moved), array_agg(user_id) FILTER (WHERE moved),
         array_agg(lead_id) FILTER (WHERE moved), array_agg(CASE WHEN refs > 0 THEN 1 ELSE -1 END) FILTER (WHERE moved),
         array_agg(ruolo) FILTER (WHERE refs <= 0), array_agg(user_id) FILTER (WHERE refs <= 0),
         array_agg(lead_id) FILTER (WHERE refs <= 0)
  INTO v_r, v_u, v_l, v_s, z_r, z_u, z_l
  FROM j;
  IF z_r IS NOT NULL THEN
    DELETE FROM lead_utenti lu
    WHERE lu.refs <= 0 AND (lu.ruolo, lu.user_id, lu.lead_id) IN (SELECT * FROM unnest(z_r, z_u, z_l));
  END IF;
  IF v_r IS NULL THEN RETURN; END IF;
  INSERT INTO contatori AS c (ambito, ambito_id, voce, n)
  SELECT x.r, x.u, 'lead', sum(x.s) FROM unnest(v_r, v_u, v_s) AS x(r, u, s) GROUP BY 1, 2 HAVING sum(x.s) <> 0
  ON CONFLICT (ambito, ambito_id, voce) DO UPDATE SET n = c.n + excluded.n;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_punti_applica(p_punto integer[], p_lead integer[], p_delta integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE v_p integer[]; v_l integer[]; v_s integer[]; z_p integer[]; z_l integer[];
  f_r text[]; f_u integer[]; f_l integer[]; f_s integer[];
BEGIN
  WITH d AS (
    SELECT x.p, x.l, sum(x.d)::integer AS delta FROM unnest(p_punto, p_lead, p_delta) AS x(p, l, d)
    WHERE x.p IS NOT NULL GROUP BY 1, 2 HAVING sum(x.d) <> 0
  ),
  up AS (
    INSERT INTO lead_punti AS lp (punto_fisico_id, lead_id, refs) SELECT d.p, d.l, d.delta FROM d
    ON CONFLICT (punto_fisico_id, lead_id) DO UPDATE SET refs = lp.refs + excluded.refs
    RETURNING lp.punto_fisico_id, lp.lead_id, lp.refs
  ),
  j AS (
    SELECT up.*, (up.refs > 0 AND up.refs = d.delta) OR (up.refs <= 0 AND up.refs - d.delta > 0) AS moved
    FROM up JOIN d ON d.p = up.punto_fisico_id AND d.l = up.lead_id
  )
  SELECT array_agg(punto_fisico_id) FILTER (WHERE moved), array_agg(lead_id) FILTER (WHERE moved),
         array_agg(CASE WHEN refs > 0 THEN 1 ELSE -1 END) FILTER (WHERE moved),
         array_agg(punto_fisico_id) FILTER (WHERE refs <= 0), array_agg(lead_id) FILTER (WHERE refs <= 0)
  INTO v_p, v_l, v_s, z_p, z_l
  FROM j;
  IF z_p IS NOT NULL THEN
    DELETE FROM lead_punti lp
    WHERE lp.refs <= 0 AND (lp.punto_fisico_id, lp.lead_id) IN (SELECT * FROM unnest(z_p, z_l));
  END IF;
  IF v_p IS NULL THEN RETURN; END IF;
  INSERT INTO contatori AS c (ambito, ambito_id, voce, n)
  SELECT 'punto', x.p, 'lead', sum(x.s) FROM unnest(v_p, v_s) AS x(p, s) GROUP BY 1, 2 HAVING sum(x.s) <> 0
  ON CONFLICT (ambito, ambito_id, voce) DO UPDATE SET n = c.n + excluded.n;
  -- Each lead that joins or leaves a point joins or leaves the scope of the point's people.
  SELECT array_agg(f.r), array_agg(f.u), array_agg(f.l), array_agg(f.s) INTO f_r, f_u, f_l, f_s FROM (
    SELECT 'punto_fisico' AS r, pf.utente_responsabile_id AS u, x.l, x.s FROM unnest(v_p, v_l, v_s) AS x(p, l, s) JOIN punti_fisici pf ON pf.id = x.p
    UNION ALL
    SELECT 'agente', pf.agente_id, x.l, x.s FROM unnest(v_p, v_l, v_s) AS x(p, l, s) JOIN punti_fisici pf ON pf.id = x.p
    UNION ALL
    SELECT 'area_manager', pf.area_manager_id, x.l, x.s FROM unnest(v_p, v_l, v_s) AS x(p, l, s) JOIN punti_fisici pf ON pf.id = x.p
  ) f WHERE f.u IS NOT NULL;
  IF f_r IS NOT NULL THEN PERFORM lead_utenti_applica(f_r, f_u, f_l, f_s); END IF;
END $$;
