-- The update triggers of leads and practices find the rows whose keys changed as sets ("old
-- (id, keys) EXCEPT new (id, keys)", and the other way round) instead of joining the two
-- transition tables on id. PL/pgSQL keeps the plan made at a connection's first call, usually a
-- one-row update, and the join then stays a nested loop: deleting a point moves its 2,000 leads and
-- practices at 1,000,000 leads in two statements, and each join compared 4,000,000 pairs.
-- EXCEPT hashes or sorts both sides whatever the plan. The rows and deltas are the same as
-- before: ids are unique, so an old (id, keys) missing from the new rows is a row whose keys
-- changed. Migration 0042 did the same for the early exits of the other update triggers.
-- See docs/performance.md#piani-delle-funzioni-dei-trigger
CREATE OR REPLACE FUNCTION leads_dopo_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_punti_applica(array_agg(x.p), array_agg(x.l), array_agg(x.d)) FROM (
    SELECT o.punto_fisico_originale_id AS p, o.id AS l, -1 AS d
      FROM (SELECT id, punto_fisico_originale_id FROM vecchi EXCEPT SELECT id, punto_fisico_originale_id FROM nuovi) o
    UNION ALL
    SELECT n.punto_fisico_originale_id, n.id, 1
      FROM (SELECT id, punto_fisico_originale_id FROM nuovi EXCEPT SELECT id, punto_fisico_originale_id FROM vecchi) n
  ) x WHERE x.p IS NOT NULL HAVING count(*) > 0;
  -- A status changed: out of the old status's counts, into the new one's. The scope rows are read
  -- before they are updated below; one the line above has just added already has the new status.
  IF EXISTS (SELECT id, stato_contatto FROM vecchi EXCEPT SELECT id, stato_contatto FROM nuovi) THEN
    INSERT INTO contatori_attesa (ambito, ambito_id, voce, n)
    SELECT 'tutti', 0, 'lead|' || v.t, sum(v.d)::integer FROM (
      SELECT o.stato_contatto AS t, -1 AS d
        FROM (SELECT id, stato_contatto FROM vecchi EXCEPT SELECT id, stato_contatto FROM nuovi) o
      UNION ALL
      SELECT n.stato_contatto, 1
        FROM (SELECT id, stato_contatto FROM nuovi EXCEPT SELECT id, stato_contatto FROM vecchi) n
    ) v GROUP BY 3 HAVING sum(v.d) <> 0
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
    FROM (SELECT id, data_registrazione, stato_contatto, cerca, telefono_normalizzato FROM nuovi
          EXCEPT SELECT id, data_registrazione, stato_contatto, cerca, telefono_normalizzato FROM vecchi) n
    WHERE lu.lead_id = n.id;
  UPDATE lead_punti lp SET data_registrazione = n.data_registrazione, stato_contatto = n.stato_contatto
    FROM (SELECT id, data_registrazione, stato_contatto FROM nuovi
          EXCEPT SELECT id, data_registrazione, stato_contatto FROM vecchi) n
    WHERE lp.lead_id = n.id;
  UPDATE pratiche p SET cerca = n.cerca, telefono_normalizzato = n.telefono_normalizzato
    FROM (SELECT id, cerca, telefono_normalizzato FROM nuovi EXCEPT SELECT id, cerca, telefono_normalizzato FROM vecchi) n
    WHERE p.lead_id = n.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION pratiche_dopo_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE righe servizio_delta[];
BEGIN
  IF NOT EXISTS (SELECT id, punto_fisico_id, lead_id FROM vecchi EXCEPT SELECT id, punto_fisico_id, lead_id FROM nuovi) THEN
    RETURN NULL;
  END IF;
  INSERT INTO contatori_attesa (ambito, ambito_id, voce, n)
  SELECT 'punto', x.p, 'pratiche', sum(x.d) FROM (
    SELECT coalesce(o.punto_fisico_id, 0) AS p, -1 AS d
      FROM (SELECT id, punto_fisico_id FROM vecchi EXCEPT SELECT id, punto_fisico_id FROM nuovi) o
    UNION ALL
    SELECT coalesce(n.punto_fisico_id, 0), 1
      FROM (SELECT id, punto_fisico_id FROM nuovi EXCEPT SELECT id, punto_fisico_id FROM vecchi) n
  ) x GROUP BY 1, 2 HAVING sum(x.d) <> 0;
  PERFORM lead_punti_applica(array_agg(x.p), array_agg(x.l), array_agg(x.d)) FROM (
    SELECT o.punto_fisico_id AS p, o.lead_id AS l, -1 AS d
      FROM (SELECT id, punto_fisico_id, lead_id FROM vecchi EXCEPT SELECT id, punto_fisico_id, lead_id FROM nuovi) o
    UNION ALL
    SELECT n.punto_fisico_id, n.lead_id, 1
      FROM (SELECT id, punto_fisico_id, lead_id FROM nuovi EXCEPT SELECT id, punto_fisico_id, lead_id FROM vecchi) n
  ) x WHERE x.p IS NOT NULL HAVING count(*) > 0;
  SELECT array_agg(r) INTO righe FROM (
    SELECT ROW(o.punto_fisico_id, o.id, s.tipo_servizio, s.stato, -1)::servizio_delta AS r
      FROM (SELECT id, punto_fisico_id FROM vecchi EXCEPT SELECT id, punto_fisico_id FROM nuovi) o
      JOIN servizi s ON s.pratica_id = o.id
    UNION ALL
    SELECT ROW(n.punto_fisico_id, n.id, s.tipo_servizio, s.stato, 1)::servizio_delta
      FROM (SELECT id, punto_fisico_id FROM nuovi EXCEPT SELECT id, punto_fisico_id FROM vecchi) n
      JOIN servizi s ON s.pratica_id = n.id
  ) x;
  IF righe IS NOT NULL THEN PERFORM contatori_servizi_applica(righe); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION servizi_elenco_pratiche_dopo_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most practice updates (its status) move nothing: leave before touching servizi at all.
  IF NOT EXISTS (SELECT id, lead_id, punto_fisico_id, data_creazione FROM vecchi
                 EXCEPT SELECT id, lead_id, punto_fisico_id, data_creazione FROM nuovi) THEN
    RETURN NULL;
  END IF;
  UPDATE servizi_elenco e
  SET lead_id = n.lead_id, punto_fisico_id = n.punto_fisico_id, data_creazione = n.data_creazione
  FROM (SELECT id, lead_id, punto_fisico_id, data_creazione FROM nuovi
        EXCEPT SELECT id, lead_id, punto_fisico_id, data_creazione FROM vecchi) n
    JOIN servizi s ON s.pratica_id = n.id
  WHERE e.servizio_id = s.id;
  RETURN NULL;
END $$;
