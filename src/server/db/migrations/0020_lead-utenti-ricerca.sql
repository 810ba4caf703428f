-- A scoped role's search (docs/performance.md#ricerca-nel-perimetro): lead_utenti carries the lead's
-- search text (the expression of leadSearchText and of leads_ricerca_trgm_idx) and phone key, kept
-- by the same triggers as its date and status; one GIN index holds the person (btree_gin) with the
-- trigrams, so a common surname costs the matches in the person's scope, not in the whole table.
-- Columns filled before NOT NULL, index built once filled, as in 0018.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
ALTER TABLE "lead_utenti" ADD COLUMN "cerca" text;--> statement-breakpoint
ALTER TABLE "lead_utenti" ADD COLUMN "telefono_normalizzato" text;--> statement-breakpoint
UPDATE lead_utenti lu SET cerca = (l.nome || ' ' || l.cognome || chr(1) || l.cognome || ' ' || l.nome || chr(1) || l.email || chr(1) || l.telefono), telefono_normalizzato = l.telefono_normalizzato
  FROM leads l WHERE l.id = lu.lead_id;--> statement-breakpoint
ALTER TABLE "lead_utenti" ALTER COLUMN "cerca" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_utenti" ALTER COLUMN "telefono_normalizzato" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "lead_utenti_ricerca_idx" ON "lead_utenti" USING gin ("user_id","cerca" gin_trgm_ops,"telefono_normalizzato" gin_trgm_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_utenti_applica(p_ruolo text[], p_user integer[], p_lead integer[], p_delta integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE v_r text[]; v_u integer[]; v_l integer[]; v_s integer[]; z_r text[]; z_u integer[]; z_l integer[];
BEGIN
  WITH d AS (
    SELECT x.r, x.u, x.l, sum(x.d)::integer AS delta FROM unnest(p_ruolo, p_user, p_lead, p_delta) AS x(r, u, l, d)
    WHERE x.u IS NOT NULL GROUP BY 1, 2, 3 HAVING sum(x.d) <> 0
  ),
  up AS (
    INSERT INTO lead_utenti AS lu (ruolo, user_id, lead_id, data_registrazione, stato_contatto, cerca, telefono_normalizzato, refs)
    SELECT d.r, d.u, d.l, coalesce(l.data_registrazione, now()), coalesce(l.stato_contatto, 'nuovo'),
      coalesce((l.nome || ' ' || l.cognome || chr(1) || l.cognome || ' ' || l.nome || chr(1) || l.email || chr(1) || l.telefono), ''), coalesce(l.telefono_normalizzato, ''), d.delta
    FROM d LEFT JOIN leads l ON l.id = d.l
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
  INSERT INTO contatori_attesa (ambito, ambito_id, voce, n)
  SELECT x.r, x.u, 'lead', sum(x.s) FROM unnest(v_r, v_u, v_s) AS x(r, u, s) GROUP BY 1, 2 HAVING sum(x.s) <> 0;
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
  UPDATE lead_utenti lu SET data_registrazione = n.data_registrazione, stato_contatto = n.stato_contatto,
      cerca = (n.nome || ' ' || n.cognome || chr(1) || n.cognome || ' ' || n.nome || chr(1) || n.email || chr(1) || n.telefono), telefono_normalizzato = n.telefono_normalizzato
    FROM vecchi o JOIN nuovi n ON n.id = o.id
    WHERE (o.data_registrazione, o.stato_contatto, o.nome, o.cognome, o.email, o.telefono, o.telefono_normalizzato)
      IS DISTINCT FROM (n.data_registrazione, n.stato_contatto, n.nome, n.cognome, n.email, n.telefono, n.telefono_normalizzato)
      AND lu.lead_id = n.id;
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
END $$;--> statement-breakpoint
