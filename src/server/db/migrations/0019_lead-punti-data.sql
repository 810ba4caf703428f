-- Like 0018 for lead_utenti: the columns filled from the leads before they become NOT NULL, the
-- index built once filled, then the functions that keep lead_punti copy date and status.
-- See docs/performance.md#stato-nel-perimetro
ALTER TABLE "lead_punti" ADD COLUMN "data_registrazione" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_punti" ADD COLUMN "stato_contatto" text;--> statement-breakpoint
UPDATE lead_punti lp SET data_registrazione = l.data_registrazione, stato_contatto = l.stato_contatto FROM leads l WHERE l.id = lp.lead_id;--> statement-breakpoint
ALTER TABLE "lead_punti" ALTER COLUMN "data_registrazione" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_punti" ALTER COLUMN "stato_contatto" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "lead_punti_elenco_idx" ON "lead_punti" USING btree ("punto_fisico_id","data_registrazione","lead_id","stato_contatto");--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_punti_applica(p_punto integer[], p_lead integer[], p_delta integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE v_p integer[]; v_l integer[]; v_s integer[]; z_p integer[]; z_l integer[];
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
  INSERT INTO contatori_attesa (ambito, ambito_id, voce, n)
  SELECT 'punto', x.p, 'lead', sum(x.s) FROM unnest(v_p, v_s) AS x(p, s) GROUP BY 1, 2 HAVING sum(x.s) <> 0;
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
CREATE OR REPLACE FUNCTION leads_dopo_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_punti_applica(array_agg(x.p), array_agg(x.l), array_agg(x.d)) FROM (
    SELECT o.punto_fisico_originale_id AS p, o.id AS l, -1 AS d FROM vecchi o JOIN nuovi n ON n.id = o.id
      WHERE o.punto_fisico_originale_id IS DISTINCT FROM n.punto_fisico_originale_id
    UNION ALL
    SELECT n.punto_fisico_originale_id, n.id, 1 FROM vecchi o JOIN nuovi n ON n.id = o.id
      WHERE o.punto_fisico_originale_id IS DISTINCT FROM n.punto_fisico_originale_id
  ) x WHERE x.p IS NOT NULL HAVING count(*) > 0;
  UPDATE lead_utenti lu SET data_registrazione = n.data_registrazione, stato_contatto = n.stato_contatto
    FROM vecchi o JOIN nuovi n ON n.id = o.id
    WHERE (o.data_registrazione <> n.data_registrazione OR o.stato_contatto <> n.stato_contatto) AND lu.lead_id = n.id;
  UPDATE lead_punti lp SET data_registrazione = n.data_registrazione, stato_contatto = n.stato_contatto
    FROM vecchi o JOIN nuovi n ON n.id = o.id
    WHERE (o.data_registrazione <> n.data_registrazione OR o.stato_contatto <> n.stato_contatto) AND lp.lead_id = n.id;
  RETURN NULL;
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
  INSERT INTO lead_utenti (ruolo, user_id, lead_id, data_registrazione, stato_contatto, refs)
  SELECT x.r, x.u, x.l, l.data_registrazione, l.stato_contatto, count(*) FROM (
    SELECT 'punto_fisico' AS r, pf.utente_responsabile_id AS u, lp.lead_id AS l FROM lead_punti lp JOIN punti_fisici pf ON pf.id = lp.punto_fisico_id
    UNION ALL SELECT 'agente', pf.agente_id, lp.lead_id FROM lead_punti lp JOIN punti_fisici pf ON pf.id = lp.punto_fisico_id
    UNION ALL SELECT 'area_manager', pf.area_manager_id, lp.lead_id FROM lead_punti lp JOIN punti_fisici pf ON pf.id = lp.punto_fisico_id
  ) x JOIN leads l ON l.id = x.l WHERE x.u IS NOT NULL GROUP BY 1, 2, 3, 4, 5;
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
