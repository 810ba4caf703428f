-- A scope row whose references all go (a point deleted, a point given to another agent, a lead
-- moved) is deleted straight away instead of being updated to refs = 0 and then deleted. Updating
-- it wrote a new version of the row and, as the table's pages are full, a new entry in each of its
-- indexes, computing again the search keys of the GIN indexes of lead_utenti: deleting a point with
-- 20,000 leads at 1,000,000 spent 6.4 s in those updates of lead_utenti and 1.3 s in those of
-- lead_punti.
--
-- The upsert now updates only the rows whose count stays above zero (`DO UPDATE ... WHERE`); it
-- still locks the others, so the DELETE that follows removes rows whose count nobody else can
-- change meanwhile. A row the upsert did not return is one of those. Rows, counters and what is
-- passed on to lead_utenti are the same as before. See docs/performance.md#piani-delle-funzioni-dei-trigger
CREATE OR REPLACE FUNCTION lead_punti_applica(p_punto integer[], p_lead integer[], p_delta integer[])
RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE v_p integer[]; v_l integer[]; v_s integer[]; v_t text[]; z_p integer[]; z_l integer[];
  o_p integer[]; o_l integer[]; o_t text[];
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
      WHERE lp.refs + excluded.refs > 0
    RETURNING lp.punto_fisico_id, lp.lead_id, lp.refs, lp.stato_contatto
  ),
  j AS (
    SELECT d.p, d.l, d.delta, up.refs, up.stato_contatto FROM d LEFT JOIN up ON up.punto_fisico_id = d.p AND up.lead_id = d.l
  )
  -- A new row (refs = delta, as a row already there had refs > 0) joins the point; a row not
  -- returned, kept locked, and a new row without references are deleted below.
  SELECT array_agg(p) FILTER (WHERE refs > 0 AND refs = delta), array_agg(l) FILTER (WHERE refs > 0 AND refs = delta),
         array_agg(stato_contatto) FILTER (WHERE refs > 0 AND refs = delta),
         array_agg(p) FILTER (WHERE refs IS NULL OR refs <= 0), array_agg(l) FILTER (WHERE refs IS NULL OR refs <= 0)
  INTO v_p, v_l, v_t, z_p, z_l
  FROM j;
  IF z_p IS NOT NULL THEN
    -- A row that had references (refs > 0) leaves the point.
    WITH g AS (
      DELETE FROM lead_punti lp
      WHERE (lp.punto_fisico_id, lp.lead_id) IN (SELECT * FROM unnest(z_p, z_l))
      RETURNING lp.punto_fisico_id, lp.lead_id, lp.refs, lp.stato_contatto
    )
    SELECT array_agg(g.punto_fisico_id) FILTER (WHERE g.refs > 0), array_agg(g.lead_id) FILTER (WHERE g.refs > 0),
           array_agg(g.stato_contatto) FILTER (WHERE g.refs > 0)
    INTO o_p, o_l, o_t
    FROM g;
  END IF;
  SELECT array_agg(1) INTO v_s FROM unnest(v_p);
  v_s := coalesce(v_s, '{}') || array_fill(-1, ARRAY[coalesce(cardinality(o_p), 0)]);
  v_p := coalesce(v_p, '{}') || coalesce(o_p, '{}');
  v_l := coalesce(v_l, '{}') || coalesce(o_l, '{}');
  v_t := coalesce(v_t, '{}') || coalesce(o_t, '{}');
  IF cardinality(v_p) = 0 THEN RETURN; END IF;
  INSERT INTO contatori_attesa (ambito, ambito_id, voce, n)
  SELECT 'punto', x.p, 'lead', sum(x.s) FROM unnest(v_p, v_s) AS x(p, s) GROUP BY 1, 2 HAVING sum(x.s) <> 0
  UNION ALL
  SELECT 'punto', x.p, 'lead|' || x.t, sum(x.s) FROM unnest(v_p, v_s, v_t) AS x(p, s, t)
    GROUP BY 1, 2, 3 HAVING sum(x.s) <> 0;
  -- Each lead that joins or leaves a point joins or leaves the scope of the point's people.
  -- One read of the points (three before, one per role: 0.3 ms of a landing submission).
  SELECT array_agg(r.r), array_agg(r.u), array_agg(x.l), array_agg(x.s) INTO f_r, f_u, f_l, f_s
  FROM unnest(v_p, v_l, v_s) AS x(p, l, s) JOIN punti_fisici pf ON pf.id = x.p
  CROSS JOIN LATERAL (VALUES ('punto_fisico', pf.utente_responsabile_id), ('agente', pf.agente_id),
    ('area_manager', pf.area_manager_id)) AS r(r, u)
  WHERE r.u IS NOT NULL;
  IF f_r IS NOT NULL THEN PERFORM lead_utenti_applica(f_r, f_u, f_l, f_s); END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_utenti_applica(p_ruolo text[], p_user integer[], p_lead integer[], p_delta integer[])
RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE v_r text[]; v_u integer[]; v_s integer[]; v_t text[]; z_r text[]; z_u integer[]; z_l integer[];
  o_r text[]; o_u integer[]; o_t text[];
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
      WHERE lu.refs + excluded.refs > 0
    RETURNING lu.ruolo, lu.user_id, lu.lead_id, lu.refs, lu.stato_contatto
  ),
  j AS (
    SELECT d.r, d.u, d.l, d.delta, up.refs, up.stato_contatto
    FROM d LEFT JOIN up ON up.ruolo = d.r AND up.user_id = d.u AND up.lead_id = d.l
  )
  -- The counters are per person: which leads joined does not matter here, only who and how many.
  SELECT array_agg(r) FILTER (WHERE refs > 0 AND refs = delta), array_agg(u) FILTER (WHERE refs > 0 AND refs = delta),
         array_agg(stato_contatto) FILTER (WHERE refs > 0 AND refs = delta),
         array_agg(r) FILTER (WHERE refs IS NULL OR refs <= 0), array_agg(u) FILTER (WHERE refs IS NULL OR refs <= 0),
         array_agg(l) FILTER (WHERE refs IS NULL OR refs <= 0)
  INTO v_r, v_u, v_t, z_r, z_u, z_l
  FROM j;
  IF z_r IS NOT NULL THEN
    WITH g AS (
      DELETE FROM lead_utenti lu
      WHERE (lu.ruolo, lu.user_id, lu.lead_id) IN (SELECT * FROM unnest(z_r, z_u, z_l))
      RETURNING lu.ruolo, lu.user_id, lu.refs, lu.stato_contatto
    )
    SELECT array_agg(g.ruolo) FILTER (WHERE g.refs > 0), array_agg(g.user_id) FILTER (WHERE g.refs > 0),
           array_agg(g.stato_contatto) FILTER (WHERE g.refs > 0)
    INTO o_r, o_u, o_t
    FROM g;
  END IF;
  SELECT array_agg(1) INTO v_s FROM unnest(v_r);
  v_s := coalesce(v_s, '{}') || array_fill(-1, ARRAY[coalesce(cardinality(o_r), 0)]);
  v_r := coalesce(v_r, '{}') || coalesce(o_r, '{}');
  v_u := coalesce(v_u, '{}') || coalesce(o_u, '{}');
  v_t := coalesce(v_t, '{}') || coalesce(o_t, '{}');
  IF cardinality(v_r) = 0 THEN RETURN; END IF;
  INSERT INTO contatori_attesa (ambito, ambito_id, voce, n)
  SELECT x.r, x.u, 'lead', sum(x.s) FROM unnest(v_r, v_u, v_s) AS x(r, u, s) GROUP BY 1, 2 HAVING sum(x.s) <> 0
  UNION ALL
  SELECT x.r, x.u, 'lead|' || x.t, sum(x.s) FROM unnest(v_r, v_u, v_s, v_t) AS x(r, u, s, t)
    GROUP BY 1, 2, 3 HAVING sum(x.s) <> 0;
END $$;
