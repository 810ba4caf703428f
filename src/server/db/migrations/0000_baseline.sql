-- Baseline: the schema as the first release ships it (docs/deploy.md#migrazioni).
-- Generated from a migrated database; every function and trigger is defined once.
SET check_function_bodies = false;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TYPE commissioni_giorno_delta AS (
	giorno date,
	punto integer,
	payee_pf integer,
	payee_ag integer,
	payee_am integer,
	stato text,
	storno boolean,
	pf numeric,
	ag numeric,
	am numeric,
	amm numeric,
	amministrazione numeric,
	n integer,
	n_amm integer,
	n_pf integer,
	n_ag integer,
	n_am integer
);
--> statement-breakpoint
CREATE TYPE servizio_delta AS (
	punto integer,
	pratica integer,
	tipo text,
	stato text,
	segno integer
);
--> statement-breakpoint
CREATE FUNCTION audit_log_solo_aggiunta() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  RAISE EXCEPTION 'audit_log: registro in sola aggiunta (% rifiutato)', TG_OP;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION commissioni_giorni_applica(righe commissioni_giorno_delta[]) RETURNS void
    LANGUAGE sql
    AS $$
  INSERT INTO commissioni_giorni AS g (ambito, ambito_id, punto_fisico_id, giorno, stato_pagamento, storno, righe, importo)
  SELECT * FROM commissioni_giorni_voci(righe) v
  ORDER BY v.ambito, v.ambito_id, v.punto_fisico_id, v.giorno, v.stato_pagamento, v.storno
  ON CONFLICT (ambito, ambito_id, punto_fisico_id, giorno, stato_pagamento, storno)
  DO UPDATE SET importo = g.importo + excluded.importo, righe = g.righe + excluded.righe;
$$;
--> statement-breakpoint
CREATE FUNCTION commissioni_giorni_dopo_delete() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM commissioni_giorni_applica(array_agg(ROW(d.*)::commissioni_giorno_delta)) FROM (
    SELECT (x.data_completamento AT TIME ZONE 'Europe/Rome')::date, x.punto_fisico_id,
      x.payee_punto_fisico_id, x.payee_agente_id, x.payee_area_manager_id, x.stato_pagamento, x.storno_of_id IS NOT NULL,
      -sum(x.importo_punto_fisico), -sum(x.importo_agente), -sum(x.importo_area_manager), -sum(x.importo_amministrazione),
      -coalesce(sum(x.importo_punto_fisico + x.importo_agente + x.importo_area_manager + x.importo_amministrazione)
        FILTER (WHERE x.importo_amministrazione <> 0), 0),
      -count(*)::int, -count(*) FILTER (WHERE x.importo_amministrazione <> 0)::int,
      -count(*) FILTER (WHERE x.importo_punto_fisico <> 0)::int, -count(*) FILTER (WHERE x.importo_agente <> 0)::int,
      -count(*) FILTER (WHERE x.importo_area_manager <> 0)::int
    FROM vecchi x GROUP BY 1, 2, 3, 4, 5, 6, 7
  ) d HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION commissioni_giorni_dopo_insert() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM commissioni_giorni_applica(array_agg(ROW(d.*)::commissioni_giorno_delta)) FROM (
    SELECT (x.data_completamento AT TIME ZONE 'Europe/Rome')::date, x.punto_fisico_id,
      x.payee_punto_fisico_id, x.payee_agente_id, x.payee_area_manager_id, x.stato_pagamento, x.storno_of_id IS NOT NULL,
      sum(x.importo_punto_fisico), sum(x.importo_agente), sum(x.importo_area_manager), sum(x.importo_amministrazione),
      coalesce(sum(x.importo_punto_fisico + x.importo_agente + x.importo_area_manager + x.importo_amministrazione)
        FILTER (WHERE x.importo_amministrazione <> 0), 0),
      count(*)::int, count(*) FILTER (WHERE x.importo_amministrazione <> 0)::int,
      count(*) FILTER (WHERE x.importo_punto_fisico <> 0)::int, count(*) FILTER (WHERE x.importo_agente <> 0)::int,
      count(*) FILTER (WHERE x.importo_area_manager <> 0)::int
    FROM nuovi x GROUP BY 1, 2, 3, 4, 5, 6, 7
  ) d HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION commissioni_giorni_dopo_update() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM commissioni_giorni_applica(array_agg(ROW(d.*)::commissioni_giorno_delta)) FROM (
    SELECT (x.data_completamento AT TIME ZONE 'Europe/Rome')::date, x.punto_fisico_id,
      x.payee_punto_fisico_id, x.payee_agente_id, x.payee_area_manager_id, x.stato_pagamento, x.storno_of_id IS NOT NULL,
      sum(x.s * x.importo_punto_fisico), sum(x.s * x.importo_agente), sum(x.s * x.importo_area_manager),
      sum(x.s * x.importo_amministrazione),
      coalesce(sum(x.s * (x.importo_punto_fisico + x.importo_agente + x.importo_area_manager + x.importo_amministrazione))
        FILTER (WHERE x.importo_amministrazione <> 0), 0),
      sum(x.s)::int, coalesce(sum(x.s) FILTER (WHERE x.importo_amministrazione <> 0), 0)::int,
      coalesce(sum(x.s) FILTER (WHERE x.importo_punto_fisico <> 0), 0)::int,
      coalesce(sum(x.s) FILTER (WHERE x.importo_agente <> 0), 0)::int,
      coalesce(sum(x.s) FILTER (WHERE x.importo_area_manager <> 0), 0)::int
    FROM (
      SELECT -1 AS s, o.* FROM vecchi o JOIN nuovi n ON n.id = o.id
      WHERE (o.data_completamento, o.punto_fisico_id, o.payee_punto_fisico_id, o.payee_agente_id, o.payee_area_manager_id,
             o.stato_pagamento, o.storno_of_id IS NOT NULL,
             o.importo_punto_fisico, o.importo_agente, o.importo_area_manager, o.importo_amministrazione)
        IS DISTINCT FROM (n.data_completamento, n.punto_fisico_id, n.payee_punto_fisico_id, n.payee_agente_id, n.payee_area_manager_id,
             n.stato_pagamento, n.storno_of_id IS NOT NULL,
             n.importo_punto_fisico, n.importo_agente, n.importo_area_manager, n.importo_amministrazione)
      UNION ALL
      SELECT 1, n.* FROM vecchi o JOIN nuovi n ON n.id = o.id
      WHERE (o.data_completamento, o.punto_fisico_id, o.payee_punto_fisico_id, o.payee_agente_id, o.payee_area_manager_id,
             o.stato_pagamento, o.storno_of_id IS NOT NULL,
             o.importo_punto_fisico, o.importo_agente, o.importo_area_manager, o.importo_amministrazione)
        IS DISTINCT FROM (n.data_completamento, n.punto_fisico_id, n.payee_punto_fisico_id, n.payee_agente_id, n.payee_area_manager_id,
             n.stato_pagamento, n.storno_of_id IS NOT NULL,
             n.importo_punto_fisico, n.importo_agente, n.importo_area_manager, n.importo_amministrazione)
    ) x GROUP BY 1, 2, 3, 4, 5, 6, 7
  ) d HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION commissioni_giorni_voci(righe commissioni_giorno_delta[]) RETURNS TABLE(ambito text, ambito_id integer, punto_fisico_id integer, giorno date, stato_pagamento text, storno boolean, righe integer, importo numeric)
    LANGUAGE sql
    AS $$
  WITH b AS MATERIALIZED (SELECT * FROM unnest(righe)),
  v (ambito, ambito_id, punto_fisico_id, giorno, stato_pagamento, storno, righe, importo) AS (
    SELECT 'admin', 0, 0, b.giorno, b.stato, b.storno, sum(b.n)::int, sum(b.amm) FROM b GROUP BY b.giorno, b.stato, b.storno
    UNION ALL SELECT 'admin', 0, b.punto, b.giorno, b.stato, b.storno, sum(b.n)::int, sum(b.amm) FROM b
      WHERE b.punto IS NOT NULL GROUP BY b.punto, b.giorno, b.stato, b.storno
    UNION ALL SELECT 'amministrazione', 0, 0, b.giorno, b.stato, b.storno, sum(b.n_amm)::int, sum(b.amministrazione) FROM b
      GROUP BY b.giorno, b.stato, b.storno
    UNION ALL SELECT 'amministrazione', 0, b.punto, b.giorno, b.stato, b.storno, sum(b.n_amm)::int, sum(b.amministrazione) FROM b
      WHERE b.punto IS NOT NULL GROUP BY b.punto, b.giorno, b.stato, b.storno
    UNION ALL SELECT 'punto_fisico', b.payee_pf, 0, b.giorno, b.stato, b.storno, sum(b.n_pf)::int, sum(b.pf) FROM b
      WHERE b.payee_pf IS NOT NULL GROUP BY b.payee_pf, b.giorno, b.stato, b.storno
    UNION ALL SELECT 'punto_fisico', b.payee_pf, b.punto, b.giorno, b.stato, b.storno, sum(b.n_pf)::int, sum(b.pf) FROM b
      WHERE b.payee_pf IS NOT NULL AND b.punto IS NOT NULL GROUP BY b.payee_pf, b.punto, b.giorno, b.stato, b.storno
    UNION ALL SELECT 'agente', b.payee_ag, 0, b.giorno, b.stato, b.storno, sum(b.n_ag)::int, sum(b.ag) FROM b
      WHERE b.payee_ag IS NOT NULL GROUP BY b.payee_ag, b.giorno, b.stato, b.storno
    UNION ALL SELECT 'agente', b.payee_ag, b.punto, b.giorno, b.stato, b.storno, sum(b.n_ag)::int, sum(b.ag) FROM b
      WHERE b.payee_ag IS NOT NULL AND b.punto IS NOT NULL GROUP BY b.payee_ag, b.punto, b.giorno, b.stato, b.storno
    UNION ALL SELECT 'area_manager', b.payee_am, 0, b.giorno, b.stato, b.storno, sum(b.n_am)::int, sum(b.am) FROM b
      WHERE b.payee_am IS NOT NULL GROUP BY b.payee_am, b.giorno, b.stato, b.storno
    UNION ALL SELECT 'area_manager', b.payee_am, b.punto, b.giorno, b.stato, b.storno, sum(b.n_am)::int, sum(b.am) FROM b
      WHERE b.payee_am IS NOT NULL AND b.punto IS NOT NULL GROUP BY b.payee_am, b.punto, b.giorno, b.stato, b.storno
  )
  SELECT * FROM v WHERE v.importo <> 0 OR v.righe <> 0;
$$;
--> statement-breakpoint
CREATE FUNCTION consensi_solo_aggiunta() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW.lead_id <> OLD.lead_id
    AND (to_jsonb(NEW) - 'lead_id') = (to_jsonb(OLD) - 'lead_id')
  THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE'
    AND OLD.pseudonimizzato_at IS NULL
    AND NEW.pseudonimizzato_at IS NOT NULL
    AND NEW.id = OLD.id
    AND NEW.lead_id = OLD.lead_id
    AND NEW.pratica_id IS NOT DISTINCT FROM OLD.pratica_id
    AND NEW.versione_informativa = OLD.versione_informativa
    AND NEW.testo = OLD.testo
    AND NEW.accettato_at = OLD.accettato_at
    AND NEW.impronta_telefono IS NOT NULL
    AND NEW.impronta_email IS NOT NULL
    AND NEW.user_agent IS NULL
    AND (NEW.ip IS NULL OR NEW.ip LIKE '%.0' OR NEW.ip LIKE '%::')
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'consensi: registro in sola aggiunta (% rifiutato)', TG_OP;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION contatori_punti_leads() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM contatori_punti_somma(array_agg(coalesce(punto_fisico_originale_id, 0)), array_agg('lead'::text), array_agg(1))
      FROM nuovi;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM contatori_punti_somma(array_agg(coalesce(punto_fisico_originale_id, 0)), array_agg('lead'::text), array_agg(-1))
      FROM vecchi;
  ELSE
    -- Rows compared as sets (EXCEPT, hashed): a join of the transition tables, which have no
    -- statistics, may be planned as a nested loop over both.
    PERFORM contatori_punti_somma(array_agg(x.p), array_agg('lead'::text), array_agg(x.d)) FROM (
      SELECT coalesce(o.punto_fisico_originale_id, 0) AS p, -1 AS d
        FROM (SELECT id, punto_fisico_originale_id FROM vecchi EXCEPT SELECT id, punto_fisico_originale_id FROM nuovi) o
      UNION ALL
      SELECT coalesce(n.punto_fisico_originale_id, 0), 1
        FROM (SELECT id, punto_fisico_originale_id FROM nuovi EXCEPT SELECT id, punto_fisico_originale_id FROM vecchi) n
    ) x;
    UPDATE pratiche p SET cerca = n.cerca, telefono_normalizzato = n.telefono_normalizzato
      FROM (SELECT id, cerca, telefono_normalizzato FROM nuovi EXCEPT SELECT id, cerca, telefono_normalizzato FROM vecchi) n
      WHERE p.lead_id = n.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION contatori_punti_pratica_eliminata() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE righe servizio_delta[];
BEGIN
  PERFORM contatori_punti_somma(ARRAY[coalesce(OLD.punto_fisico_id, 0)], ARRAY['pratiche'], ARRAY[-1]);
  SELECT array_agg(ROW(OLD.punto_fisico_id, OLD.id, s.tipo_servizio, s.stato, -1)::servizio_delta) INTO righe
    FROM servizi s WHERE s.pratica_id = OLD.id;
  IF righe IS NOT NULL THEN PERFORM contatori_punti_servizi(righe); END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE FUNCTION contatori_punti_pratiche() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE righe servizio_delta[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM contatori_punti_somma(array_agg(coalesce(punto_fisico_id, 0)), array_agg('pratiche'::text), array_agg(1))
      FROM nuovi;
    RETURN NULL;
  END IF;
  -- Most updates (status, notes, the altro_punto mark) move nothing: rows compared as sets, as above.
  IF NOT EXISTS (SELECT id, punto_fisico_id FROM vecchi EXCEPT SELECT id, punto_fisico_id FROM nuovi) THEN
    RETURN NULL;
  END IF;
  PERFORM contatori_punti_somma(array_agg(x.p), array_agg('pratiche'::text), array_agg(x.d)) FROM (
    SELECT coalesce(o.punto_fisico_id, 0) AS p, -1 AS d
      FROM (SELECT id, punto_fisico_id FROM vecchi EXCEPT SELECT id, punto_fisico_id FROM nuovi) o
    UNION ALL
    SELECT coalesce(n.punto_fisico_id, 0), 1
      FROM (SELECT id, punto_fisico_id FROM nuovi EXCEPT SELECT id, punto_fisico_id FROM vecchi) n
  ) x;
  SELECT array_agg(r) INTO righe FROM (
    SELECT ROW(o.punto_fisico_id, o.id, s.tipo_servizio, s.stato, -1)::servizio_delta AS r
      FROM (SELECT id, punto_fisico_id FROM vecchi EXCEPT SELECT id, punto_fisico_id FROM nuovi) o
      JOIN servizi s ON s.pratica_id = o.id
    UNION ALL
    SELECT ROW(n.punto_fisico_id, n.id, s.tipo_servizio, s.stato, 1)::servizio_delta
      FROM (SELECT id, punto_fisico_id FROM nuovi EXCEPT SELECT id, punto_fisico_id FROM vecchi) n
      JOIN servizi s ON s.pratica_id = n.id
  ) x;
  IF righe IS NOT NULL THEN PERFORM contatori_punti_servizi(righe); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION contatori_punti_servizi(righe servizio_delta[]) RETURNS void
    LANGUAGE sql
    AS $$
  WITH r AS (SELECT coalesce(x.punto, 0) AS punto, x.pratica, x.tipo, x.stato, x.segno FROM unnest(righe) AS x),
  voci AS (
    SELECT punto, 'servizi|' || tipo || '|' || stato AS voce, segno AS n FROM r
    UNION ALL
    SELECT punto, 'pratiche|' || tipo || '|' || stato, segno FROM (SELECT DISTINCT punto, pratica, tipo, stato, segno FROM r) f
    UNION ALL
    SELECT punto, 'pratiche|*|' || stato, segno FROM (SELECT DISTINCT punto, pratica, stato, segno FROM r) f
    UNION ALL
    SELECT punto, 'pratiche|' || tipo || '|*', segno FROM (SELECT DISTINCT punto, pratica, tipo, segno FROM r) f
  )
  SELECT contatori_punti_somma(array_agg(punto), array_agg(voce), array_agg(n)) FROM voci
$$;
--> statement-breakpoint
CREATE FUNCTION contatori_punti_servizi_cambiati() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM contatori_punti_servizi_ricalcola(array_agg(ROW(NULL, pratica_id, tipo_servizio, stato, 1)::servizio_delta), '{}')
      FROM nuovi HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM contatori_punti_servizi_ricalcola('{}', array_agg(ROW(NULL, pratica_id, tipo_servizio, stato, -1)::servizio_delta))
      FROM vecchi HAVING count(*) > 0;
  -- Most updates (amounts, dates, supplier) touch no counted key.
  ELSIF EXISTS (SELECT id, pratica_id, tipo_servizio, stato FROM vecchi EXCEPT SELECT id, pratica_id, tipo_servizio, stato FROM nuovi) THEN
    PERFORM contatori_punti_servizi_ricalcola(
      (SELECT array_agg(ROW(NULL, pratica_id, tipo_servizio, stato, 1)::servizio_delta) FROM nuovi),
      (SELECT array_agg(ROW(NULL, pratica_id, tipo_servizio, stato, -1)::servizio_delta) FROM vecchi));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION contatori_punti_servizi_ricalcola(nuovi servizio_delta[], vecchi servizio_delta[]) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE righe servizio_delta[];
BEGIN
  WITH a AS (
    SELECT p.id AS pratica, p.punto_fisico_id AS punto FROM pratiche p
    WHERE p.id IN (SELECT x.pratica FROM unnest(nuovi) x UNION SELECT x.pratica FROM unnest(vecchi) x)
  ),
  dopo AS (SELECT s.pratica_id AS pratica, s.tipo_servizio AS tipo, s.stato FROM servizi s JOIN a ON a.pratica = s.pratica_id),
  prima AS (
    (SELECT pratica, tipo, stato FROM dopo EXCEPT ALL SELECT x.pratica, x.tipo, x.stato FROM unnest(nuovi) x)
    UNION ALL
    SELECT x.pratica, x.tipo, x.stato FROM unnest(vecchi) x WHERE x.pratica IN (SELECT pratica FROM a)
  )
  SELECT array_agg(ROW(a.punto, r.pratica, r.tipo, r.stato, r.segno)::servizio_delta) INTO righe
  FROM (SELECT *, 1 AS segno FROM dopo UNION ALL SELECT *, -1 FROM prima) r JOIN a USING (pratica);
  IF righe IS NOT NULL THEN PERFORM contatori_punti_servizi(righe); END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION contatori_punti_somma(punti integer[], voci text[], delta integer[]) RETURNS void
    LANGUAGE sql
    AS $$
  INSERT INTO contatori_punti AS c (punto_fisico_id, voce, n)
  SELECT x.p, x.v, sum(x.d)::integer FROM unnest(punti, voci, delta) AS x(p, v, d)
  GROUP BY 1, 2 HAVING sum(x.d) <> 0 ORDER BY 1, 2
  ON CONFLICT (punto_fisico_id, voce) DO UPDATE SET n = c.n + excluded.n
$$;
--> statement-breakpoint
CREATE FUNCTION pratiche_cliente() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  SELECT l.cerca, l.telefono_normalizzato
    INTO NEW.cerca, NEW.telefono_normalizzato FROM leads l WHERE l.id = NEW.lead_id;
  -- No such lead: the foreign key refuses the row right after, with its own error.
  NEW.cerca := coalesce(NEW.cerca, '');
  NEW.telefono_normalizzato := coalesce(NEW.telefono_normalizzato, '');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION punti_fisici_eliminazione() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE leads SET punto_fisico_originale_id = NULL WHERE punto_fisico_originale_id = OLD.id;
  UPDATE pratiche SET punto_fisico_id = NULL WHERE punto_fisico_id = OLD.id;
  DELETE FROM contatori_punti WHERE punto_fisico_id = OLD.id;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE FUNCTION ricalcola_commissioni_giorni() RETURNS void
    LANGUAGE plpgsql
    AS $$
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
--> statement-breakpoint
CREATE FUNCTION ricalcola_contatori_punti() RETURNS void
    LANGUAGE plpgsql
    AS $$
BEGIN
  TRUNCATE contatori_punti;
  INSERT INTO contatori_punti (punto_fisico_id, voce, n)
  SELECT coalesce(punto_fisico_originale_id, 0), 'lead', count(*) FROM leads GROUP BY 1
  UNION ALL SELECT coalesce(punto_fisico_id, 0), 'pratiche', count(*) FROM pratiche GROUP BY 1
  UNION ALL SELECT coalesce(p.punto_fisico_id, 0), 'servizi|' || s.tipo_servizio || '|' || s.stato, count(*)
    FROM servizi s JOIN pratiche p ON p.id = s.pratica_id GROUP BY 1, 2
  UNION ALL SELECT coalesce(p.punto_fisico_id, 0), 'pratiche|' || s.tipo_servizio || '|' || s.stato, count(DISTINCT p.id)
    FROM servizi s JOIN pratiche p ON p.id = s.pratica_id GROUP BY 1, 2
  UNION ALL SELECT coalesce(p.punto_fisico_id, 0), 'pratiche|*|' || s.stato, count(DISTINCT p.id)
    FROM servizi s JOIN pratiche p ON p.id = s.pratica_id GROUP BY 1, 2
  UNION ALL SELECT coalesce(p.punto_fisico_id, 0), 'pratiche|' || s.tipo_servizio || '|*', count(DISTINCT p.id)
    FROM servizi s JOIN pratiche p ON p.id = s.pratica_id GROUP BY 1, 2;
END $$;
--> statement-breakpoint
CREATE FUNCTION ricalcola_servizi_elenco() RETURNS void
    LANGUAGE plpgsql
    AS $$
BEGIN
  TRUNCATE servizi_elenco;
  INSERT INTO servizi_elenco (servizio_id, pratica_id, lead_id, punto_fisico_id, tipo_servizio, stato, ko_motivazione, data_creazione)
  SELECT s.id, s.pratica_id, p.lead_id, p.punto_fisico_id, s.tipo_servizio, s.stato, s.ko_motivazione, p.data_creazione
  FROM servizi s JOIN pratiche p ON p.id = s.pratica_id;
END $$;
--> statement-breakpoint
CREATE FUNCTION ricerca_finestre_cifre(testo text) RETURNS integer[]
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$
  SELECT array(
    SELECT substr(m[1], i, 7)::integer
    FROM regexp_matches(testo, '[0-9]{7,}', 'g') m, generate_series(1, length(m[1]) - 6) i
  )
$$;
--> statement-breakpoint
CREATE FUNCTION servizi_elenco_dopo_delete() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  DELETE FROM servizi_elenco e USING vecchi o WHERE e.servizio_id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION servizi_elenco_dopo_insert() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  INSERT INTO servizi_elenco (servizio_id, pratica_id, lead_id, punto_fisico_id, tipo_servizio, stato, ko_motivazione, data_creazione)
  SELECT n.id, n.pratica_id, p.lead_id, p.punto_fisico_id, n.tipo_servizio, n.stato, n.ko_motivazione, p.data_creazione
  FROM nuovi n JOIN pratiche p ON p.id = n.pratica_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION servizi_elenco_dopo_update() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE servizi_elenco e
  SET pratica_id = n.pratica_id, lead_id = p.lead_id, punto_fisico_id = p.punto_fisico_id,
      tipo_servizio = n.tipo_servizio, stato = n.stato, ko_motivazione = n.ko_motivazione,
      data_creazione = p.data_creazione
  FROM nuovi n JOIN pratiche p ON p.id = n.pratica_id
  WHERE e.servizio_id = n.id
    AND (e.pratica_id, e.lead_id, e.punto_fisico_id, e.tipo_servizio, e.stato, e.ko_motivazione, e.data_creazione)
      IS DISTINCT FROM (n.pratica_id, p.lead_id, p.punto_fisico_id, n.tipo_servizio, n.stato, n.ko_motivazione, p.data_creazione);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION servizi_elenco_pratiche_dopo_update() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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
--> statement-breakpoint
CREATE TABLE audit_log (
    id integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    tipo text NOT NULL,
    utente_id integer,
    utente text,
    ip text,
    oggetto_tipo text,
    oggetto_id integer,
    dettagli jsonb,
    CONSTRAINT audit_log_tipo_check CHECK ((tipo = ANY (ARRAY['accesso'::text, 'accesso_fallito'::text, 'accesso_sbloccato'::text, 'uscita'::text, 'utente_creato'::text, 'utente_eliminato'::text, 'ruolo_modificato'::text, 'password_modificata'::text, 'utente_attivato'::text, 'utente_disattivato'::text, 'esportazione'::text, 'esportazione_dati_persona'::text, 'cancellazione_dati_lead'::text, 'esportazione_dati_utente'::text, 'cancellazione_dati_utente'::text, 'eliminazione_lead'::text, 'conservazione_anonimizzazione'::text, 'impostazioni_modificate'::text, 'secondo_fattore_attivato'::text, 'secondo_fattore_disattivato'::text, 'secondo_fattore_azzerato'::text, 'codici_recupero_rigenerati'::text, 'codice_recupero_usato'::text, 'importazione'::text, 'invito_inviato'::text, 'password_impostata'::text, 'profilo_fiscale_modificato'::text, 'esiti_caricati'::text, 'esiti_applicati'::text, 'riconciliazione_caricata'::text, 'riconciliazione_confermata'::text, 'riconciliazione_chiusa'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE audit_log_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE audit_log_id_seq OWNED BY audit_log.id;
--> statement-breakpoint
CREATE TABLE chiamate (
    id integer NOT NULL,
    lead_id integer NOT NULL,
    esito text NOT NULL,
    user_id integer,
    utente_nome text,
    richiamare_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT chiamate_esito_check CHECK ((esito = ANY (ARRAY['non_risponde'::text, 'richiamare'::text, 'appuntamento_fissato'::text, 'non_interessato'::text, 'numero_errato'::text, 'non_chiamare_piu'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE chiamate_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE chiamate_id_seq OWNED BY chiamate.id;
--> statement-breakpoint
CREATE TABLE commissioni (
    id integer NOT NULL,
    pratica_id integer NOT NULL,
    servizio_id integer NOT NULL,
    tipo_servizio text NOT NULL,
    fornitore_id integer,
    customer_name text NOT NULL,
    punto_fisico_id integer,
    payee_punto_fisico_id integer,
    payee_agente_id integer,
    payee_area_manager_id integer,
    unita_base integer DEFAULT 0 NOT NULL,
    unita_aggiuntive integer DEFAULT 0 NOT NULL,
    importo_punto_fisico numeric(12,2) NOT NULL,
    importo_agente numeric(12,2) NOT NULL,
    importo_area_manager numeric(12,2) NOT NULL,
    importo_amministrazione numeric(12,2) NOT NULL,
    has_bonus boolean DEFAULT false NOT NULL,
    bonus_applicati jsonb,
    stato_pagamento text DEFAULT 'non_pagato'::text NOT NULL,
    note_pagamento text,
    data_pagamento timestamp with time zone,
    data_completamento timestamp with time zone DEFAULT now() NOT NULL,
    storno_of_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    data_contratto date,
    canale text,
    fine_ripensamento date,
    anticipo boolean DEFAULT false NOT NULL,
    regola_storno jsonb,
    storno_dettaglio jsonb,
    CONSTRAINT commissioni_stato_pagamento_check CHECK ((stato_pagamento = ANY (ARRAY['non_pagato'::text, 'pagato'::text])))
);
--> statement-breakpoint
CREATE TABLE commissioni_fornitori (
    id integer NOT NULL,
    fornitore_id integer NOT NULL,
    servizio text NOT NULL,
    commissione_punto_fisico numeric(12,2) DEFAULT '0'::numeric NOT NULL,
    commissione_agente numeric(12,2) DEFAULT '0'::numeric NOT NULL,
    commissione_area_manager numeric(12,2) DEFAULT '0'::numeric NOT NULL,
    ricavo_base numeric(12,2) DEFAULT '0'::numeric NOT NULL,
    bonus_rid numeric(12,2) DEFAULT '0'::numeric NOT NULL,
    commissione_aggiuntiva_punto_fisico numeric(12,2) DEFAULT '0'::numeric NOT NULL,
    commissione_aggiuntiva_agente numeric(12,2) DEFAULT '0'::numeric NOT NULL,
    commissione_aggiuntiva_area_manager numeric(12,2) DEFAULT '0'::numeric NOT NULL,
    commissione_aggiuntiva_rid_punto_fisico numeric(12,2) DEFAULT '0'::numeric NOT NULL,
    commissione_aggiuntiva_rid_agente numeric(12,2) DEFAULT '0'::numeric NOT NULL,
    commissione_aggiuntiva_rid_area_manager numeric(12,2) DEFAULT '0'::numeric NOT NULL,
    percentuale_punto_fisico numeric(5,2) DEFAULT '0'::numeric NOT NULL,
    percentuale_agente numeric(5,2) DEFAULT '0'::numeric NOT NULL,
    percentuale_area_manager numeric(5,2) DEFAULT '0'::numeric NOT NULL,
    percentuale_struttura numeric(5,2) DEFAULT '0'::numeric NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_by integer,
    storno_mesi integer,
    storno_modo text,
    CONSTRAINT commissioni_fornitori_storno_modo_check CHECK ((storno_modo = ANY (ARRAY['intero'::text, 'proporzionale'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE commissioni_fornitori_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE commissioni_fornitori_id_seq OWNED BY commissioni_fornitori.id;
--> statement-breakpoint
CREATE TABLE commissioni_giorni (
    ambito text NOT NULL,
    ambito_id integer NOT NULL,
    punto_fisico_id integer NOT NULL,
    giorno date NOT NULL,
    importo numeric(14,2) NOT NULL,
    stato_pagamento text DEFAULT 'non_pagato'::text NOT NULL,
    storno boolean DEFAULT false NOT NULL,
    righe integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE commissioni_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE commissioni_id_seq OWNED BY commissioni.id;
--> statement-breakpoint
CREATE TABLE consensi (
    id integer NOT NULL,
    lead_id integer NOT NULL,
    pratica_id integer,
    versione_informativa text NOT NULL,
    testo text NOT NULL,
    accettato_at timestamp with time zone DEFAULT now() NOT NULL,
    ip text,
    user_agent text,
    impronta_telefono text,
    impronta_email text,
    pseudonimizzato_at timestamp with time zone
);
--> statement-breakpoint
CREATE SEQUENCE consensi_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE consensi_id_seq OWNED BY consensi.id;
--> statement-breakpoint
CREATE TABLE contatori_punti (
    punto_fisico_id integer NOT NULL,
    voce text NOT NULL,
    n integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE documenti (
    id integer NOT NULL,
    pratica_id integer NOT NULL,
    filename text NOT NULL,
    display_name text NOT NULL,
    parte text NOT NULL,
    mime_type text NOT NULL,
    size_bytes integer NOT NULL,
    sha256 text NOT NULL,
    merged_into_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    caricato_da_id integer
);
--> statement-breakpoint
CREATE SEQUENCE documenti_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE documenti_id_seq OWNED BY documenti.id;
--> statement-breakpoint
CREATE TABLE email_outbox (
    id integer NOT NULL,
    tipo text NOT NULL,
    destinatario text NOT NULL,
    oggetto text NOT NULL,
    testo text NOT NULL,
    html text NOT NULL,
    dedupe_key text NOT NULL,
    stato text DEFAULT 'in_coda'::text NOT NULL,
    tentativi integer DEFAULT 0 NOT NULL,
    prossimo_tentativo_at timestamp with time zone DEFAULT now() NOT NULL,
    bloccato_fino_at timestamp with time zone,
    scade_at timestamp with time zone NOT NULL,
    ultimo_errore text,
    message_id text,
    inviato_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    user_id integer,
    lead_id integer,
    pratica_id integer,
    allegato_ics text,
    CONSTRAINT email_outbox_stato_check CHECK ((stato = ANY (ARRAY['in_coda'::text, 'in_invio'::text, 'inviato'::text, 'fallito'::text, 'scaduto'::text]))),
    CONSTRAINT email_outbox_tipo_check CHECK ((tipo = ANY (ARRAY['lead_nuovo'::text, 'lead_conferma'::text, 'lead_in_ritardo'::text, 'servizio_completato'::text, 'servizio_ko'::text, 'chiamata_invito'::text, 'utente_invito'::text, 'commissione_stornata'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE email_outbox_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE email_outbox_id_seq OWNED BY email_outbox.id;
--> statement-breakpoint
CREATE TABLE esiti_caricamenti (
    id integer NOT NULL,
    fornitore_id integer NOT NULL,
    tipo_servizio text,
    nome_file text NOT NULL,
    stato text DEFAULT 'caricato'::text NOT NULL,
    intestazioni jsonb NOT NULL,
    riga_intestazione integer NOT NULL,
    valori_colonne jsonb NOT NULL,
    mappatura jsonb,
    totale integer NOT NULL,
    elaborate integer DEFAULT 0 NOT NULL,
    conteggi jsonb,
    creato_da integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    completato_at timestamp with time zone,
    CONSTRAINT esiti_caricamenti_stato_check CHECK ((stato = ANY (ARRAY['caricato'::text, 'verificato'::text, 'in_corso'::text, 'completato'::text, 'fallito'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE esiti_caricamenti_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE esiti_caricamenti_id_seq OWNED BY esiti_caricamenti.id;
--> statement-breakpoint
CREATE TABLE esiti_mappature (
    fornitore_id integer NOT NULL,
    mappatura jsonb NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE esiti_righe (
    caricamento_id integer NOT NULL,
    riga integer NOT NULL,
    valori jsonb NOT NULL,
    esito text,
    servizio_id integer,
    motivo text,
    CONSTRAINT esiti_righe_esito_check CHECK (((esito IS NULL) OR (esito = ANY (ARRAY['da_applicare'::text, 'applicato'::text, 'gia_aggiornato'::text, 'non_trovato'::text, 'ambiguo'::text, 'conflitto'::text, 'errore'::text, 'ignorato'::text]))))
);
--> statement-breakpoint
CREATE TABLE estratti_conto (
    id integer NOT NULL,
    anno integer NOT NULL,
    numero integer NOT NULL,
    beneficiario_id integer,
    intestatario jsonb NOT NULL,
    periodo text NOT NULL,
    impronta text NOT NULL,
    totali jsonb NOT NULL,
    prodotto_da_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE estratti_conto_contatori (
    anno integer NOT NULL,
    ultimo integer NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE estratti_conto_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE estratti_conto_id_seq OWNED BY estratti_conto.id;
--> statement-breakpoint
CREATE TABLE estratti_fornitori (
    id integer NOT NULL,
    fornitore_id integer NOT NULL,
    periodo text NOT NULL,
    nome_file text NOT NULL,
    intestazioni jsonb NOT NULL,
    riga_intestazione integer NOT NULL,
    mappatura jsonb,
    totale integer NOT NULL,
    creato_da integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    confermato_at timestamp with time zone
);
--> statement-breakpoint
CREATE SEQUENCE estratti_fornitori_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE estratti_fornitori_id_seq OWNED BY estratti_fornitori.id;
--> statement-breakpoint
CREATE TABLE estratti_fornitori_righe (
    estratto_id integer NOT NULL,
    riga integer NOT NULL,
    valori jsonb NOT NULL,
    esito text,
    servizio_id integer,
    importo numeric(12,2),
    identificativo text,
    CONSTRAINT estratti_fornitori_righe_esito_check CHECK (((esito IS NULL) OR (esito = ANY (ARRAY['trovato'::text, 'non_trovato'::text, 'ambiguo'::text, 'ignorata'::text]))))
);
--> statement-breakpoint
CREATE TABLE estratti_mappature (
    fornitore_id integer NOT NULL,
    mappatura jsonb NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE fornitori (
    id integer NOT NULL,
    codice text NOT NULL,
    nome text NOT NULL,
    servizi_supportati text[] DEFAULT '{}'::text[] NOT NULL,
    is_active boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE fornitori_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE fornitori_id_seq OWNED BY fornitori.id;
--> statement-breakpoint
CREATE TABLE idempotency_keys (
    key text NOT NULL,
    scope text NOT NULL,
    pratica_id integer,
    response jsonb,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE import_mappature (
    tipo text NOT NULL,
    chiave text NOT NULL,
    mappatura jsonb NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE importazioni (
    id integer NOT NULL,
    tipo text NOT NULL,
    nome_file text NOT NULL,
    stato text DEFAULT 'caricata'::text NOT NULL,
    intestazioni jsonb NOT NULL,
    riga_intestazione integer NOT NULL,
    mappatura jsonb,
    righe_non_valide text DEFAULT 'salta'::text NOT NULL,
    totale integer NOT NULL,
    elaborate integer DEFAULT 0 NOT NULL,
    conteggi jsonb,
    creato_da integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    completata_at timestamp with time zone,
    calcola_commissioni boolean DEFAULT false NOT NULL,
    CONSTRAINT importazioni_righe_non_valide_check CHECK ((righe_non_valide = ANY (ARRAY['salta'::text, 'blocca'::text]))),
    CONSTRAINT importazioni_stato_check CHECK ((stato = ANY (ARRAY['caricata'::text, 'verificata'::text, 'in_corso'::text, 'completata'::text, 'fallita'::text]))),
    CONSTRAINT importazioni_tipo_check CHECK ((tipo = ANY (ARRAY['punti_fisici'::text, 'utenti'::text, 'leads'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE importazioni_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE importazioni_id_seq OWNED BY importazioni.id;
--> statement-breakpoint
CREATE TABLE importazioni_righe (
    importazione_id integer NOT NULL,
    riga integer NOT NULL,
    valori jsonb NOT NULL,
    esito text,
    errori jsonb,
    CONSTRAINT importazioni_righe_esito_check CHECK (((esito IS NULL) OR (esito = ANY (ARRAY['nuovo'::text, 'aggiorna'::text, 'duplicato'::text, 'errore'::text]))))
);
--> statement-breakpoint
CREATE TABLE impostazioni (
    chiave text NOT NULL,
    valore jsonb NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_by integer
);
--> statement-breakpoint
CREATE TABLE invii_lotti (
    id integer NOT NULL,
    fornitore_id integer NOT NULL,
    numero integer NOT NULL,
    tipo_servizio text NOT NULL,
    formato text NOT NULL,
    tracciato_versione integer NOT NULL,
    file_key text NOT NULL,
    righe integer NOT NULL,
    reinvio_di_id integer,
    creato_da_id integer,
    creato_da_nome text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT invii_lotti_formato_check CHECK ((formato = ANY (ARRAY['xlsx'::text, 'csv'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE invii_lotti_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE invii_lotti_id_seq OWNED BY invii_lotti.id;
--> statement-breakpoint
CREATE TABLE invii_lotti_servizi (
    lotto_id integer NOT NULL,
    servizio_id integer NOT NULL,
    invio integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE inviti_password (
    token_hash text NOT NULL,
    user_id integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE job_daily_runs (
    job text NOT NULL,
    day text NOT NULL,
    completed_at timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE job_leases (
    name text NOT NULL,
    locked_until timestamp with time zone NOT NULL,
    locked_by text NOT NULL,
    last_started_at timestamp with time zone,
    last_finished_at timestamp with time zone,
    last_error text
);
--> statement-breakpoint
CREATE TABLE leads (
    id integer NOT NULL,
    nome text NOT NULL,
    cognome text NOT NULL,
    email text NOT NULL,
    telefono text NOT NULL,
    email_normalizzata text NOT NULL,
    telefono_normalizzato text NOT NULL,
    punto_fisico_originale_id integer,
    stato_contatto text DEFAULT 'nuovo'::text NOT NULL,
    stato_contatto_aggiornato_at timestamp with time zone,
    data_registrazione timestamp with time zone DEFAULT now() NOT NULL,
    dati_cancellati_at timestamp with time zone,
    cerca text GENERATED ALWAYS AS (lower(((((((((((nome || ' '::text) || cognome) || chr(1)) || cognome) || ' '::text) || nome) || chr(1)) || email) || chr(1)) || telefono))) STORED NOT NULL,
    chiamata_da timestamp with time zone DEFAULT now(),
    chiamata_fissata boolean DEFAULT false NOT NULL,
    CONSTRAINT leads_stato_contatto_check CHECK ((stato_contatto = ANY (ARRAY['nuovo'::text, 'contattato'::text, 'non_raggiungibile'::text])))
)
WITH (autovacuum_vacuum_insert_scale_factor='0.005');
--> statement-breakpoint
ALTER TABLE ONLY leads ALTER COLUMN cerca SET STATISTICS 1000;
--> statement-breakpoint
CREATE TABLE leads_eventi (
    id integer NOT NULL,
    lead_id integer NOT NULL,
    user_id integer,
    utente_nome text,
    tipo text NOT NULL,
    descrizione text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT leads_eventi_tipo_check CHECK ((tipo = ANY (ARRAY['duplicato_unito'::text, 'duplicato_separato'::text, 'chiamata'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE leads_eventi_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE leads_eventi_id_seq OWNED BY leads_eventi.id;
--> statement-breakpoint
CREATE SEQUENCE leads_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE leads_id_seq OWNED BY leads.id;
--> statement-breakpoint
CREATE TABLE leads_separati (
    lead_a_id integer NOT NULL,
    lead_b_id integer NOT NULL,
    user_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT leads_separati_ordine_check CHECK ((lead_a_id < lead_b_id))
);
--> statement-breakpoint
CREATE TABLE letture_bollette (
    id integer NOT NULL,
    documento_id integer NOT NULL,
    pratica_id integer NOT NULL,
    stato text DEFAULT 'in_coda'::text NOT NULL,
    tentativi integer DEFAULT 0 NOT NULL,
    bloccata_fino_at timestamp with time zone,
    motivo text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    finita_at timestamp with time zone,
    CONSTRAINT letture_bollette_stato_check CHECK ((stato = ANY (ARRAY['in_coda'::text, 'in_corso'::text, 'fatta'::text, 'illeggibile'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE letture_bollette_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE letture_bollette_id_seq OWNED BY letture_bollette.id;
--> statement-breakpoint
CREATE TABLE login_challenges (
    id text NOT NULL,
    user_id integer NOT NULL,
    kind text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    ip text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT login_challenges_kind_check CHECK ((kind = ANY (ARRAY['totp'::text, 'enrol'::text])))
);
--> statement-breakpoint
CREATE TABLE notifiche_preferenze (
    user_id integer NOT NULL,
    tipo text NOT NULL,
    attiva boolean NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT notifiche_preferenze_tipo_check CHECK ((tipo = ANY (ARRAY['lead_nuovo'::text, 'lead_in_ritardo'::text, 'servizio_completato'::text, 'servizio_ko'::text])))
);
--> statement-breakpoint
CREATE TABLE numeri_non_chiamare (
    telefono_normalizzato text NOT NULL,
    lead_id integer,
    user_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE pratiche (
    id integer NOT NULL,
    lead_id integer NOT NULL,
    punto_fisico_id integer,
    stato_pratica text DEFAULT 'inserita'::text NOT NULL,
    orario_contatto text,
    indirizzo_ip text,
    user_agent text,
    note text,
    documenti_caricati jsonb,
    data_creazione timestamp with time zone DEFAULT now() NOT NULL,
    cerca text DEFAULT ''::text NOT NULL,
    telefono_normalizzato text DEFAULT ''::text NOT NULL,
    altro_punto boolean DEFAULT false NOT NULL,
    CONSTRAINT pratiche_stato_check CHECK ((stato_pratica = ANY (ARRAY['inserita'::text, 'in_lavorazione'::text, 'completata'::text, 'ko'::text])))
)
WITH (autovacuum_vacuum_insert_scale_factor='0.005');
--> statement-breakpoint
ALTER TABLE ONLY pratiche ALTER COLUMN cerca SET STATISTICS 1000;
--> statement-breakpoint
CREATE TABLE pratiche_eventi (
    id integer NOT NULL,
    pratica_id integer NOT NULL,
    user_id integer,
    utente_nome text,
    tipo text NOT NULL,
    descrizione text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT pratiche_eventi_tipo_check CHECK ((tipo = ANY (ARRAY['documento_aggiunto'::text, 'documento_eliminato'::text, 'scheda_modificata'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE pratiche_eventi_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE pratiche_eventi_id_seq OWNED BY pratiche_eventi.id;
--> statement-breakpoint
CREATE SEQUENCE pratiche_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE pratiche_id_seq OWNED BY pratiche.id;
--> statement-breakpoint
CREATE TABLE profili_fiscali (
    user_id integer NOT NULL,
    tipo text NOT NULL,
    partita_iva text NOT NULL,
    regime text NOT NULL,
    base_ritenuta integer NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_by_id integer,
    CONSTRAINT profili_fiscali_base_check CHECK ((base_ritenuta = ANY (ARRAY[50, 20]))),
    CONSTRAINT profili_fiscali_regime_check CHECK ((regime = ANY (ARRAY['ordinario'::text, 'forfettario'::text]))),
    CONSTRAINT profili_fiscali_tipo_check CHECK ((tipo = ANY (ARRAY['agente_monomandatario'::text, 'agente_plurimandatario'::text, 'agente_societa'::text, 'segnalatore'::text, 'punto_fisico_societa'::text])))
);
--> statement-breakpoint
CREATE TABLE proposte_scheda (
    id integer NOT NULL,
    servizio_id integer NOT NULL,
    lettura_id integer NOT NULL,
    campo text NOT NULL,
    valore text NOT NULL,
    pagina integer NOT NULL,
    confidenza real NOT NULL,
    stato text DEFAULT 'proposta'::text NOT NULL,
    decisa_da_id integer,
    decisa_da_nome text,
    decisa_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT proposte_scheda_campo_check CHECK ((campo = ANY (ARRAY['pod'::text, 'pdr'::text, 'codiceFiscale'::text, 'intestatario'::text, 'indirizzoFornitura'::text, 'potenzaKw'::text, 'consumoAnnuo'::text, 'fornitoreUscente'::text, 'codiceOfferta'::text]))),
    CONSTRAINT proposte_scheda_confidenza_check CHECK (((confidenza >= (0)::double precision) AND (confidenza <= (1)::double precision))),
    CONSTRAINT proposte_scheda_stato_check CHECK ((stato = ANY (ARRAY['proposta'::text, 'accettata'::text, 'rifiutata'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE proposte_scheda_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE proposte_scheda_id_seq OWNED BY proposte_scheda.id;
--> statement-breakpoint
CREATE TABLE punti_fisici (
    id integer NOT NULL,
    nome_attivita text NOT NULL,
    indirizzo text NOT NULL,
    landing_code text NOT NULL,
    utente_responsabile_id integer NOT NULL,
    agente_id integer,
    area_manager_id integer,
    is_active boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    cerca text GENERATED ALWAYS AS (lower(((nome_attivita || chr(1)) || indirizzo))) STORED NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE punti_fisici_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE punti_fisici_id_seq OWNED BY punti_fisici.id;
--> statement-breakpoint
CREATE TABLE rate_limits (
    key text NOT NULL,
    hits integer NOT NULL,
    reset_at timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE riconciliazioni (
    id integer NOT NULL,
    fornitore_id integer NOT NULL,
    periodo text NOT NULL,
    estratto_id integer NOT NULL,
    stato text DEFAULT 'aperta'::text NOT NULL,
    atteso numeric(12,2) NOT NULL,
    pagato numeric(12,2) NOT NULL,
    da_recuperare numeric(12,2) NOT NULL,
    confermata_da integer,
    confermata_da_nome text,
    confermata_at timestamp with time zone NOT NULL,
    chiusa_da integer,
    chiusa_da_nome text,
    chiusa_at timestamp with time zone,
    nota_chiusura text,
    CONSTRAINT riconciliazioni_stato_check CHECK ((stato = ANY (ARRAY['aperta'::text, 'chiusa'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE riconciliazioni_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE riconciliazioni_id_seq OWNED BY riconciliazioni.id;
--> statement-breakpoint
CREATE TABLE riconciliazioni_voci (
    id integer NOT NULL,
    riconciliazione_id integer NOT NULL,
    tipo text NOT NULL,
    servizio_id integer,
    pratica_id integer,
    tipo_servizio text,
    cliente text,
    riga integer,
    identificativo text,
    atteso numeric(12,2) NOT NULL,
    pagato numeric(12,2) NOT NULL,
    CONSTRAINT riconciliazioni_voci_tipo_check CHECK ((tipo = ANY (ARRAY['pagato_meno'::text, 'pagato_piu'::text, 'mancante'::text, 'sconosciuto'::text, 'in_regola'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE riconciliazioni_voci_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE riconciliazioni_voci_id_seq OWNED BY riconciliazioni_voci.id;
--> statement-breakpoint
CREATE TABLE role_settings (
    role text NOT NULL,
    totp_required boolean DEFAULT false NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_by integer,
    CONSTRAINT role_settings_role_check CHECK ((role = ANY (ARRAY['admin'::text, 'amministrazione'::text, 'area_manager'::text, 'agente'::text, 'punto_fisico'::text])))
);
--> statement-breakpoint
CREATE TABLE schede_contratto (
    servizio_id integer NOT NULL,
    pratica_id integer NOT NULL,
    dati jsonb NOT NULL,
    completa boolean DEFAULT false NOT NULL,
    codice_fiscale text,
    partita_iva text,
    pod text,
    pdr text,
    aggiornata_da integer,
    aggiornata_il timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE servizi (
    id integer NOT NULL,
    pratica_id integer NOT NULL,
    tipo_servizio text NOT NULL,
    stato text DEFAULT 'inserito'::text NOT NULL,
    ko_motivazione text,
    fornitore_id integer,
    rid_presente boolean DEFAULT false NOT NULL,
    numero_forniture integer DEFAULT 1 NOT NULL,
    bonus_punto_fisico numeric(12,2) DEFAULT '0'::numeric NOT NULL,
    bonus_agente numeric(12,2) DEFAULT '0'::numeric NOT NULL,
    bonus_area_manager numeric(12,2) DEFAULT '0'::numeric NOT NULL,
    totale_vendita numeric(12,2),
    data_creazione timestamp with time zone DEFAULT now() NOT NULL,
    data_ultimo_aggiornamento timestamp with time zone DEFAULT now() NOT NULL,
    esito_post_attivazione text,
    data_esito date,
    CONSTRAINT servizi_numero_forniture_check CHECK (((numero_forniture >= 1) AND (numero_forniture <= 10))),
    CONSTRAINT servizi_stato_check CHECK ((stato = ANY (ARRAY['inserito'::text, 'in_lavorazione'::text, 'completato'::text, 'ko'::text]))),
    CONSTRAINT servizi_tipo_check CHECK ((tipo_servizio = ANY (ARRAY['luce'::text, 'gas'::text, 'internet'::text, 'noleggio'::text, 'finanziamenti'::text, 'assicurazioni'::text])))
);
--> statement-breakpoint
CREATE TABLE servizi_elenco (
    servizio_id integer NOT NULL,
    pratica_id integer NOT NULL,
    punto_fisico_id integer,
    tipo_servizio text NOT NULL,
    stato text NOT NULL,
    ko_motivazione text,
    data_creazione timestamp with time zone NOT NULL,
    lead_id integer NOT NULL
)
WITH (autovacuum_vacuum_insert_scale_factor='0.005');
--> statement-breakpoint
CREATE SEQUENCE servizi_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE servizi_id_seq OWNED BY servizi.id;
--> statement-breakpoint
CREATE TABLE servizi_storico (
    id integer NOT NULL,
    servizio_id integer NOT NULL,
    user_id integer,
    da_stato text,
    a_stato text NOT NULL,
    motivazione text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    nota text
);
--> statement-breakpoint
CREATE SEQUENCE servizi_storico_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE servizi_storico_id_seq OWNED BY servizi_storico.id;
--> statement-breakpoint
CREATE TABLE sessions (
    id text NOT NULL,
    user_id integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    ip text,
    user_agent text
);
--> statement-breakpoint
CREATE TABLE totp_recovery_codes (
    id integer NOT NULL,
    user_id integer NOT NULL,
    code_hash text NOT NULL,
    used_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE totp_recovery_codes_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE totp_recovery_codes_id_seq OWNED BY totp_recovery_codes.id;
--> statement-breakpoint
CREATE TABLE tracciati_fornitori (
    id integer NOT NULL,
    fornitore_id integer NOT NULL,
    tipo_servizio text NOT NULL,
    versione integer NOT NULL,
    colonne jsonb NOT NULL,
    salvato_da_id integer,
    salvato_da_nome text,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE tracciati_fornitori_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE tracciati_fornitori_id_seq OWNED BY tracciati_fornitori.id;
--> statement-breakpoint
CREATE TABLE user_totp (
    user_id integer NOT NULL,
    secret_encrypted text NOT NULL,
    confirmed_at timestamp with time zone,
    last_step integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE users (
    id integer NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    email text NOT NULL,
    phone text,
    role text NOT NULL,
    password_hash text NOT NULL,
    is_active boolean DEFAULT true NOT NULL,
    area_assegnata text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    cerca text GENERATED ALWAYS AS (lower(((((((((first_name || ' '::text) || last_name) || chr(1)) || last_name) || ' '::text) || first_name) || chr(1)) || email))) STORED NOT NULL,
    dati_cancellati_at timestamp with time zone,
    CONSTRAINT users_role_check CHECK ((role = ANY (ARRAY['admin'::text, 'amministrazione'::text, 'area_manager'::text, 'agente'::text, 'punto_fisico'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE users_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE users_id_seq OWNED BY users.id;
--> statement-breakpoint
ALTER TABLE ONLY audit_log ALTER COLUMN id SET DEFAULT nextval('audit_log_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY chiamate ALTER COLUMN id SET DEFAULT nextval('chiamate_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY commissioni ALTER COLUMN id SET DEFAULT nextval('commissioni_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY commissioni_fornitori ALTER COLUMN id SET DEFAULT nextval('commissioni_fornitori_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY consensi ALTER COLUMN id SET DEFAULT nextval('consensi_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY documenti ALTER COLUMN id SET DEFAULT nextval('documenti_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY email_outbox ALTER COLUMN id SET DEFAULT nextval('email_outbox_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY esiti_caricamenti ALTER COLUMN id SET DEFAULT nextval('esiti_caricamenti_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY estratti_conto ALTER COLUMN id SET DEFAULT nextval('estratti_conto_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY estratti_fornitori ALTER COLUMN id SET DEFAULT nextval('estratti_fornitori_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY fornitori ALTER COLUMN id SET DEFAULT nextval('fornitori_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY importazioni ALTER COLUMN id SET DEFAULT nextval('importazioni_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY invii_lotti ALTER COLUMN id SET DEFAULT nextval('invii_lotti_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY leads ALTER COLUMN id SET DEFAULT nextval('leads_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY leads_eventi ALTER COLUMN id SET DEFAULT nextval('leads_eventi_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY letture_bollette ALTER COLUMN id SET DEFAULT nextval('letture_bollette_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY pratiche ALTER COLUMN id SET DEFAULT nextval('pratiche_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY pratiche_eventi ALTER COLUMN id SET DEFAULT nextval('pratiche_eventi_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY proposte_scheda ALTER COLUMN id SET DEFAULT nextval('proposte_scheda_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY punti_fisici ALTER COLUMN id SET DEFAULT nextval('punti_fisici_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY riconciliazioni ALTER COLUMN id SET DEFAULT nextval('riconciliazioni_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY riconciliazioni_voci ALTER COLUMN id SET DEFAULT nextval('riconciliazioni_voci_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY servizi ALTER COLUMN id SET DEFAULT nextval('servizi_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY servizi_storico ALTER COLUMN id SET DEFAULT nextval('servizi_storico_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY totp_recovery_codes ALTER COLUMN id SET DEFAULT nextval('totp_recovery_codes_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY tracciati_fornitori ALTER COLUMN id SET DEFAULT nextval('tracciati_fornitori_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY users ALTER COLUMN id SET DEFAULT nextval('users_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY audit_log
    ADD CONSTRAINT audit_log_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY chiamate
    ADD CONSTRAINT chiamate_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY commissioni_fornitori
    ADD CONSTRAINT commissioni_fornitori_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY commissioni_giorni
    ADD CONSTRAINT commissioni_giorni_pk PRIMARY KEY (ambito, ambito_id, punto_fisico_id, giorno, stato_pagamento, storno);
--> statement-breakpoint
ALTER TABLE ONLY commissioni
    ADD CONSTRAINT commissioni_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY consensi
    ADD CONSTRAINT consensi_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY contatori_punti
    ADD CONSTRAINT contatori_punti_punto_fisico_id_voce_pk PRIMARY KEY (punto_fisico_id, voce);
--> statement-breakpoint
ALTER TABLE ONLY documenti
    ADD CONSTRAINT documenti_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY email_outbox
    ADD CONSTRAINT email_outbox_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY esiti_caricamenti
    ADD CONSTRAINT esiti_caricamenti_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY esiti_mappature
    ADD CONSTRAINT esiti_mappature_pkey PRIMARY KEY (fornitore_id);
--> statement-breakpoint
ALTER TABLE ONLY esiti_righe
    ADD CONSTRAINT esiti_righe_caricamento_id_riga_pk PRIMARY KEY (caricamento_id, riga);
--> statement-breakpoint
ALTER TABLE ONLY estratti_conto_contatori
    ADD CONSTRAINT estratti_conto_contatori_pkey PRIMARY KEY (anno);
--> statement-breakpoint
ALTER TABLE ONLY estratti_conto
    ADD CONSTRAINT estratti_conto_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY estratti_fornitori
    ADD CONSTRAINT estratti_fornitori_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY estratti_fornitori_righe
    ADD CONSTRAINT estratti_fornitori_righe_estratto_id_riga_pk PRIMARY KEY (estratto_id, riga);
--> statement-breakpoint
ALTER TABLE ONLY estratti_mappature
    ADD CONSTRAINT estratti_mappature_pkey PRIMARY KEY (fornitore_id);
--> statement-breakpoint
ALTER TABLE ONLY fornitori
    ADD CONSTRAINT fornitori_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY idempotency_keys
    ADD CONSTRAINT idempotency_keys_pkey PRIMARY KEY (key);
--> statement-breakpoint
ALTER TABLE ONLY import_mappature
    ADD CONSTRAINT import_mappature_tipo_chiave_pk PRIMARY KEY (tipo, chiave);
--> statement-breakpoint
ALTER TABLE ONLY importazioni
    ADD CONSTRAINT importazioni_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY importazioni_righe
    ADD CONSTRAINT importazioni_righe_importazione_id_riga_pk PRIMARY KEY (importazione_id, riga);
--> statement-breakpoint
ALTER TABLE ONLY impostazioni
    ADD CONSTRAINT impostazioni_pkey PRIMARY KEY (chiave);
--> statement-breakpoint
ALTER TABLE ONLY invii_lotti
    ADD CONSTRAINT invii_lotti_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY invii_lotti_servizi
    ADD CONSTRAINT invii_lotti_servizi_lotto_id_servizio_id_pk PRIMARY KEY (lotto_id, servizio_id);
--> statement-breakpoint
ALTER TABLE ONLY inviti_password
    ADD CONSTRAINT inviti_password_pkey PRIMARY KEY (token_hash);
--> statement-breakpoint
ALTER TABLE ONLY job_daily_runs
    ADD CONSTRAINT job_daily_runs_job_day_pk PRIMARY KEY (job, day);
--> statement-breakpoint
ALTER TABLE ONLY job_leases
    ADD CONSTRAINT job_leases_pkey PRIMARY KEY (name);
--> statement-breakpoint
ALTER TABLE ONLY leads_eventi
    ADD CONSTRAINT leads_eventi_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY leads
    ADD CONSTRAINT leads_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY leads_separati
    ADD CONSTRAINT leads_separati_lead_a_id_lead_b_id_pk PRIMARY KEY (lead_a_id, lead_b_id);
--> statement-breakpoint
ALTER TABLE ONLY letture_bollette
    ADD CONSTRAINT letture_bollette_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY login_challenges
    ADD CONSTRAINT login_challenges_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY notifiche_preferenze
    ADD CONSTRAINT notifiche_preferenze_user_id_tipo_pk PRIMARY KEY (user_id, tipo);
--> statement-breakpoint
ALTER TABLE ONLY numeri_non_chiamare
    ADD CONSTRAINT numeri_non_chiamare_pkey PRIMARY KEY (telefono_normalizzato);
--> statement-breakpoint
ALTER TABLE ONLY pratiche_eventi
    ADD CONSTRAINT pratiche_eventi_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY pratiche
    ADD CONSTRAINT pratiche_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY profili_fiscali
    ADD CONSTRAINT profili_fiscali_pkey PRIMARY KEY (user_id);
--> statement-breakpoint
ALTER TABLE ONLY proposte_scheda
    ADD CONSTRAINT proposte_scheda_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY punti_fisici
    ADD CONSTRAINT punti_fisici_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY rate_limits
    ADD CONSTRAINT rate_limits_pkey PRIMARY KEY (key);
--> statement-breakpoint
ALTER TABLE ONLY riconciliazioni
    ADD CONSTRAINT riconciliazioni_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY riconciliazioni_voci
    ADD CONSTRAINT riconciliazioni_voci_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY role_settings
    ADD CONSTRAINT role_settings_pkey PRIMARY KEY (role);
--> statement-breakpoint
ALTER TABLE ONLY schede_contratto
    ADD CONSTRAINT schede_contratto_pkey PRIMARY KEY (servizio_id);
--> statement-breakpoint
ALTER TABLE ONLY servizi_elenco
    ADD CONSTRAINT servizi_elenco_pkey PRIMARY KEY (servizio_id);
--> statement-breakpoint
ALTER TABLE ONLY servizi
    ADD CONSTRAINT servizi_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY servizi_storico
    ADD CONSTRAINT servizi_storico_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY totp_recovery_codes
    ADD CONSTRAINT totp_recovery_codes_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY tracciati_fornitori
    ADD CONSTRAINT tracciati_fornitori_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY user_totp
    ADD CONSTRAINT user_totp_pkey PRIMARY KEY (user_id);
--> statement-breakpoint
ALTER TABLE ONLY users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);
--> statement-breakpoint
CREATE INDEX audit_log_data_id_idx ON audit_log USING btree (created_at, id);
--> statement-breakpoint
CREATE INDEX audit_log_tipo_data_id_idx ON audit_log USING btree (tipo, created_at, id);
--> statement-breakpoint
CREATE INDEX audit_log_utente_data_id_idx ON audit_log USING btree (utente_id, created_at, id);
--> statement-breakpoint
CREATE INDEX chiamate_created_idx ON chiamate USING btree (created_at);
--> statement-breakpoint
CREATE INDEX chiamate_lead_idx ON chiamate USING btree (lead_id, created_at);
--> statement-breakpoint
CREATE INDEX commissioni_ag_elenco_idx ON commissioni USING btree (payee_agente_id, data_completamento, id) WHERE (importo_agente <> (0)::numeric);
--> statement-breakpoint
CREATE INDEX commissioni_ag_stato_idx ON commissioni USING btree (payee_agente_id, stato_pagamento, data_completamento, id) WHERE (importo_agente <> (0)::numeric);
--> statement-breakpoint
CREATE INDEX commissioni_am_elenco_idx ON commissioni USING btree (payee_area_manager_id, data_completamento, id) WHERE (importo_area_manager <> (0)::numeric);
--> statement-breakpoint
CREATE INDEX commissioni_am_stato_idx ON commissioni USING btree (payee_area_manager_id, stato_pagamento, data_completamento, id) WHERE (importo_area_manager <> (0)::numeric);
--> statement-breakpoint
CREATE INDEX commissioni_amministrazione_idx ON commissioni USING btree (data_completamento, id) WHERE (importo_amministrazione <> (0)::numeric);
--> statement-breakpoint
CREATE INDEX commissioni_amministrazione_stato_idx ON commissioni USING btree (stato_pagamento, data_completamento, id) WHERE (importo_amministrazione <> (0)::numeric);
--> statement-breakpoint
CREATE INDEX commissioni_data_id_idx ON commissioni USING btree (data_completamento, id);
--> statement-breakpoint
CREATE INDEX commissioni_fine_ripensamento_idx ON commissioni USING btree (fine_ripensamento);
--> statement-breakpoint
CREATE UNIQUE INDEX commissioni_fornitori_fornitore_servizio_unique ON commissioni_fornitori USING btree (fornitore_id, servizio);
--> statement-breakpoint
CREATE INDEX commissioni_payee_ag_idx ON commissioni USING btree (payee_agente_id);
--> statement-breakpoint
CREATE INDEX commissioni_payee_am_idx ON commissioni USING btree (payee_area_manager_id);
--> statement-breakpoint
CREATE INDEX commissioni_payee_pf_idx ON commissioni USING btree (payee_punto_fisico_id);
--> statement-breakpoint
CREATE INDEX commissioni_pf_elenco_idx ON commissioni USING btree (payee_punto_fisico_id, data_completamento, id) WHERE (importo_punto_fisico <> (0)::numeric);
--> statement-breakpoint
CREATE INDEX commissioni_pf_stato_idx ON commissioni USING btree (payee_punto_fisico_id, stato_pagamento, data_completamento, id) WHERE (importo_punto_fisico <> (0)::numeric);
--> statement-breakpoint
CREATE INDEX commissioni_pratica_idx ON commissioni USING btree (pratica_id);
--> statement-breakpoint
CREATE INDEX commissioni_punto_idx ON commissioni USING btree (punto_fisico_id);
--> statement-breakpoint
CREATE INDEX commissioni_servizio_idx ON commissioni USING btree (servizio_id);
--> statement-breakpoint
CREATE INDEX commissioni_stato_data_id_idx ON commissioni USING btree (stato_pagamento, data_completamento, id);
--> statement-breakpoint
CREATE UNIQUE INDEX commissioni_storno_of_unique ON commissioni USING btree (storno_of_id);
--> statement-breakpoint
CREATE INDEX consensi_impronta_email_idx ON consensi USING btree (impronta_email);
--> statement-breakpoint
CREATE INDEX consensi_impronta_telefono_idx ON consensi USING btree (impronta_telefono);
--> statement-breakpoint
CREATE INDEX consensi_lead_idx ON consensi USING btree (lead_id);
--> statement-breakpoint
CREATE INDEX contatori_punti_voce_idx ON contatori_punti USING btree (voce, punto_fisico_id, n);
--> statement-breakpoint
CREATE UNIQUE INDEX documenti_filename_unique ON documenti USING btree (filename);
--> statement-breakpoint
CREATE INDEX documenti_pratica_idx ON documenti USING btree (pratica_id);
--> statement-breakpoint
CREATE INDEX email_outbox_created_idx ON email_outbox USING btree (created_at, id);
--> statement-breakpoint
CREATE INDEX email_outbox_da_inviare_idx ON email_outbox USING btree (prossimo_tentativo_at) WHERE (stato = ANY (ARRAY['in_coda'::text, 'in_invio'::text]));
--> statement-breakpoint
CREATE UNIQUE INDEX email_outbox_dedupe_key_unique ON email_outbox USING btree (dedupe_key);
--> statement-breakpoint
CREATE INDEX email_outbox_lead_idx ON email_outbox USING btree (lead_id);
--> statement-breakpoint
CREATE INDEX email_outbox_pratica_idx ON email_outbox USING btree (pratica_id);
--> statement-breakpoint
CREATE INDEX email_outbox_scadenza_idx ON email_outbox USING btree (scade_at) WHERE (stato = ANY (ARRAY['in_coda'::text, 'in_invio'::text]));
--> statement-breakpoint
CREATE INDEX email_outbox_stato_created_idx ON email_outbox USING btree (stato, created_at, id);
--> statement-breakpoint
CREATE INDEX email_outbox_user_idx ON email_outbox USING btree (user_id);
--> statement-breakpoint
CREATE INDEX esiti_righe_servizio_idx ON esiti_righe USING btree (caricamento_id, servizio_id) WHERE (servizio_id IS NOT NULL);
--> statement-breakpoint
CREATE UNIQUE INDEX estratti_conto_anno_numero_unique ON estratti_conto USING btree (anno, numero);
--> statement-breakpoint
CREATE INDEX estratti_conto_beneficiario_idx ON estratti_conto USING btree (beneficiario_id, periodo, impronta);
--> statement-breakpoint
CREATE INDEX estratti_fornitori_fornitore_idx ON estratti_fornitori USING btree (fornitore_id, periodo);
--> statement-breakpoint
CREATE UNIQUE INDEX fornitori_codice_unique ON fornitori USING btree (codice);
--> statement-breakpoint
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys USING btree (created_at);
--> statement-breakpoint
CREATE INDEX invii_lotti_creato_da_idx ON invii_lotti USING btree (creato_da_id);
--> statement-breakpoint
CREATE UNIQUE INDEX invii_lotti_file_key_unique ON invii_lotti USING btree (file_key);
--> statement-breakpoint
CREATE UNIQUE INDEX invii_lotti_numero_unique ON invii_lotti USING btree (fornitore_id, numero);
--> statement-breakpoint
CREATE INDEX invii_lotti_reinvio_di_idx ON invii_lotti USING btree (reinvio_di_id);
--> statement-breakpoint
CREATE UNIQUE INDEX invii_lotti_servizi_invio_unique ON invii_lotti_servizi USING btree (servizio_id, invio);
--> statement-breakpoint
CREATE INDEX inviti_password_user_idx ON inviti_password USING btree (user_id);
--> statement-breakpoint
CREATE INDEX leads_coda_idx ON leads USING btree (chiamata_fissata, chiamata_da, id) WHERE (chiamata_da IS NOT NULL);
--> statement-breakpoint
CREATE INDEX leads_coda_punto_idx ON leads USING btree (punto_fisico_originale_id, chiamata_fissata, chiamata_da, id, telefono_normalizzato) WHERE ((chiamata_da IS NOT NULL) AND (dati_cancellati_at IS NULL));
--> statement-breakpoint
CREATE INDEX leads_data_id_idx ON leads USING btree (data_registrazione, id, cerca, telefono_normalizzato, punto_fisico_originale_id, stato_contatto);
--> statement-breakpoint
CREATE INDEX leads_email_normalizzata_idx ON leads USING btree (email_normalizzata);
--> statement-breakpoint
CREATE INDEX leads_eventi_lead_idx ON leads_eventi USING btree (lead_id, created_at);
--> statement-breakpoint
CREATE INDEX leads_finestre_cifre_idx ON leads USING gin (ricerca_finestre_cifre(((cerca || chr(1)) || telefono_normalizzato)));
--> statement-breakpoint
CREATE INDEX leads_punto_data_idx ON leads USING btree (punto_fisico_originale_id, data_registrazione);
--> statement-breakpoint
CREATE INDEX leads_punto_stato_idx ON leads USING btree (punto_fisico_originale_id, stato_contatto, data_registrazione, id);
--> statement-breakpoint
CREATE INDEX leads_ricerca_trgm_idx ON leads USING gin (cerca gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX leads_separati_b_idx ON leads_separati USING btree (lead_b_id);
--> statement-breakpoint
CREATE INDEX leads_stato_contatto_data_id_idx ON leads USING btree (stato_contatto, data_registrazione, id);
--> statement-breakpoint
CREATE UNIQUE INDEX leads_telefono_email_unique ON leads USING btree (telefono_normalizzato, email_normalizzata);
--> statement-breakpoint
CREATE INDEX leads_telefono_trgm_idx ON leads USING gin (telefono_normalizzato gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX letture_bollette_da_fare_idx ON letture_bollette USING btree (id) WHERE (stato = ANY (ARRAY['in_coda'::text, 'in_corso'::text]));
--> statement-breakpoint
CREATE UNIQUE INDEX letture_bollette_documento_unique ON letture_bollette USING btree (documento_id);
--> statement-breakpoint
CREATE INDEX letture_bollette_pratica_idx ON letture_bollette USING btree (pratica_id);
--> statement-breakpoint
CREATE INDEX login_challenges_expires_idx ON login_challenges USING btree (expires_at);
--> statement-breakpoint
CREATE INDEX login_challenges_user_idx ON login_challenges USING btree (user_id);
--> statement-breakpoint
CREATE INDEX pratiche_altro_punto_idx ON pratiche USING btree (punto_fisico_id, lead_id) WHERE altro_punto;
--> statement-breakpoint
CREATE INDEX pratiche_data_id_idx ON pratiche USING btree (data_creazione, id, cerca, punto_fisico_id);
--> statement-breakpoint
CREATE INDEX pratiche_eventi_pratica_idx ON pratiche_eventi USING btree (pratica_id, created_at);
--> statement-breakpoint
CREATE INDEX pratiche_lead_idx ON pratiche USING btree (lead_id);
--> statement-breakpoint
CREATE INDEX pratiche_punto_data_id_idx ON pratiche USING btree (punto_fisico_id, data_creazione, id);
--> statement-breakpoint
CREATE INDEX pratiche_ricerca_idx ON pratiche USING gin (cerca gin_trgm_ops, telefono_normalizzato gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX pratiche_stato_idx ON pratiche USING btree (stato_pratica, data_creazione);
--> statement-breakpoint
CREATE INDEX profili_fiscali_updated_by_idx ON profili_fiscali USING btree (updated_by_id);
--> statement-breakpoint
CREATE INDEX proposte_scheda_decisa_da_idx ON proposte_scheda USING btree (decisa_da_id);
--> statement-breakpoint
CREATE INDEX proposte_scheda_lettura_idx ON proposte_scheda USING btree (lettura_id);
--> statement-breakpoint
CREATE INDEX proposte_scheda_servizio_idx ON proposte_scheda USING btree (servizio_id, id);
--> statement-breakpoint
CREATE INDEX punti_fisici_agente_idx ON punti_fisici USING btree (agente_id);
--> statement-breakpoint
CREATE INDEX punti_fisici_area_manager_idx ON punti_fisici USING btree (area_manager_id);
--> statement-breakpoint
CREATE UNIQUE INDEX punti_fisici_landing_code_unique ON punti_fisici USING btree (landing_code);
--> statement-breakpoint
CREATE INDEX punti_fisici_nome_idx ON punti_fisici USING btree (nome_attivita);
--> statement-breakpoint
CREATE INDEX punti_fisici_responsabile_idx ON punti_fisici USING btree (utente_responsabile_id);
--> statement-breakpoint
CREATE INDEX rate_limits_reset_idx ON rate_limits USING btree (reset_at);
--> statement-breakpoint
CREATE UNIQUE INDEX riconciliazioni_fornitore_periodo_unique ON riconciliazioni USING btree (fornitore_id, periodo);
--> statement-breakpoint
CREATE INDEX riconciliazioni_periodo_id_idx ON riconciliazioni USING btree (periodo, id);
--> statement-breakpoint
CREATE INDEX riconciliazioni_voci_idx ON riconciliazioni_voci USING btree (riconciliazione_id, tipo, id);
--> statement-breakpoint
CREATE INDEX schede_contratto_cf_idx ON schede_contratto USING btree (codice_fiscale) WHERE (codice_fiscale IS NOT NULL);
--> statement-breakpoint
CREATE INDEX schede_contratto_pdr_idx ON schede_contratto USING btree (pdr) WHERE (pdr IS NOT NULL);
--> statement-breakpoint
CREATE INDEX schede_contratto_piva_idx ON schede_contratto USING btree (partita_iva) WHERE (partita_iva IS NOT NULL);
--> statement-breakpoint
CREATE INDEX schede_contratto_pod_idx ON schede_contratto USING btree (pod) WHERE (pod IS NOT NULL);
--> statement-breakpoint
CREATE INDEX schede_contratto_pratica_idx ON schede_contratto USING btree (pratica_id);
--> statement-breakpoint
CREATE INDEX servizi_elenco_idx ON servizi_elenco USING btree (tipo_servizio, stato, data_creazione, pratica_id, lead_id);
--> statement-breakpoint
CREATE INDEX servizi_elenco_ko_idx ON servizi_elenco USING btree (tipo_servizio, ko_motivazione, data_creazione, pratica_id) WHERE (stato = 'ko'::text);
--> statement-breakpoint
CREATE INDEX servizi_elenco_ko_motivo_idx ON servizi_elenco USING btree (ko_motivazione, data_creazione, pratica_id) WHERE (stato = 'ko'::text);
--> statement-breakpoint
CREATE INDEX servizi_elenco_lead_idx ON servizi_elenco USING btree (tipo_servizio, lead_id);
--> statement-breakpoint
CREATE INDEX servizi_elenco_punto_idx ON servizi_elenco USING btree (punto_fisico_id, tipo_servizio, stato, data_creazione, pratica_id, lead_id);
--> statement-breakpoint
CREATE INDEX servizi_elenco_stato_idx ON servizi_elenco USING btree (stato, data_creazione, pratica_id);
--> statement-breakpoint
CREATE INDEX servizi_ko_pratica_idx ON servizi USING btree (ko_motivazione, pratica_id) WHERE (stato = 'ko'::text);
--> statement-breakpoint
CREATE INDEX servizi_pratica_idx ON servizi USING btree (pratica_id);
--> statement-breakpoint
CREATE INDEX servizi_stato_pratica_idx ON servizi USING btree (stato, pratica_id);
--> statement-breakpoint
CREATE INDEX servizi_storico_servizio_idx ON servizi_storico USING btree (servizio_id, created_at);
--> statement-breakpoint
CREATE INDEX servizi_tipo_pratica_idx ON servizi USING btree (tipo_servizio, pratica_id, stato);
--> statement-breakpoint
CREATE INDEX sessions_expires_idx ON sessions USING btree (expires_at);
--> statement-breakpoint
CREATE INDEX sessions_user_idx ON sessions USING btree (user_id);
--> statement-breakpoint
CREATE INDEX totp_recovery_codes_user_idx ON totp_recovery_codes USING btree (user_id);
--> statement-breakpoint
CREATE INDEX tracciati_fornitori_salvato_da_idx ON tracciati_fornitori USING btree (salvato_da_id);
--> statement-breakpoint
CREATE UNIQUE INDEX tracciati_fornitori_versione_unique ON tracciati_fornitori USING btree (fornitore_id, tipo_servizio, versione);
--> statement-breakpoint
CREATE UNIQUE INDEX users_email_unique ON users USING btree (email);
--> statement-breakpoint
CREATE INDEX users_role_idx ON users USING btree (role);
--> statement-breakpoint
CREATE TRIGGER audit_log_niente_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_solo_aggiunta();
--> statement-breakpoint
CREATE TRIGGER audit_log_solo_aggiunta BEFORE DELETE OR UPDATE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_solo_aggiunta();
--> statement-breakpoint
CREATE TRIGGER commissioni_giorni_delete AFTER DELETE ON commissioni REFERENCING OLD TABLE AS vecchi FOR EACH STATEMENT EXECUTE FUNCTION commissioni_giorni_dopo_delete();
--> statement-breakpoint
CREATE TRIGGER commissioni_giorni_insert AFTER INSERT ON commissioni REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION commissioni_giorni_dopo_insert();
--> statement-breakpoint
CREATE TRIGGER commissioni_giorni_update AFTER UPDATE ON commissioni REFERENCING OLD TABLE AS vecchi NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION commissioni_giorni_dopo_update();
--> statement-breakpoint
CREATE TRIGGER consensi_niente_truncate BEFORE TRUNCATE ON consensi FOR EACH STATEMENT EXECUTE FUNCTION consensi_solo_aggiunta();
--> statement-breakpoint
CREATE TRIGGER consensi_solo_aggiunta BEFORE DELETE OR UPDATE ON consensi FOR EACH ROW EXECUTE FUNCTION consensi_solo_aggiunta();
--> statement-breakpoint
CREATE TRIGGER contatori_punti_leads_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS vecchi FOR EACH STATEMENT EXECUTE FUNCTION contatori_punti_leads();
--> statement-breakpoint
CREATE TRIGGER contatori_punti_leads_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION contatori_punti_leads();
--> statement-breakpoint
CREATE TRIGGER contatori_punti_leads_update AFTER UPDATE ON leads REFERENCING OLD TABLE AS vecchi NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION contatori_punti_leads();
--> statement-breakpoint
CREATE TRIGGER contatori_punti_pratiche_delete BEFORE DELETE ON pratiche FOR EACH ROW EXECUTE FUNCTION contatori_punti_pratica_eliminata();
--> statement-breakpoint
CREATE TRIGGER contatori_punti_pratiche_insert AFTER INSERT ON pratiche REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION contatori_punti_pratiche();
--> statement-breakpoint
CREATE TRIGGER contatori_punti_pratiche_update AFTER UPDATE ON pratiche REFERENCING OLD TABLE AS vecchi NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION contatori_punti_pratiche();
--> statement-breakpoint
CREATE TRIGGER contatori_punti_servizi_delete AFTER DELETE ON servizi REFERENCING OLD TABLE AS vecchi FOR EACH STATEMENT EXECUTE FUNCTION contatori_punti_servizi_cambiati();
--> statement-breakpoint
CREATE TRIGGER contatori_punti_servizi_insert AFTER INSERT ON servizi REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION contatori_punti_servizi_cambiati();
--> statement-breakpoint
CREATE TRIGGER contatori_punti_servizi_update AFTER UPDATE ON servizi REFERENCING OLD TABLE AS vecchi NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION contatori_punti_servizi_cambiati();
--> statement-breakpoint
CREATE TRIGGER pratiche_cliente BEFORE INSERT OR UPDATE OF lead_id ON pratiche FOR EACH ROW EXECUTE FUNCTION pratiche_cliente();
--> statement-breakpoint
CREATE TRIGGER punti_fisici_eliminazione BEFORE DELETE ON punti_fisici FOR EACH ROW EXECUTE FUNCTION punti_fisici_eliminazione();
--> statement-breakpoint
CREATE TRIGGER servizi_elenco_delete AFTER DELETE ON servizi REFERENCING OLD TABLE AS vecchi FOR EACH STATEMENT EXECUTE FUNCTION servizi_elenco_dopo_delete();
--> statement-breakpoint
CREATE TRIGGER servizi_elenco_insert AFTER INSERT ON servizi REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION servizi_elenco_dopo_insert();
--> statement-breakpoint
CREATE TRIGGER servizi_elenco_pratiche_update AFTER UPDATE ON pratiche REFERENCING OLD TABLE AS vecchi NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION servizi_elenco_pratiche_dopo_update();
--> statement-breakpoint
CREATE TRIGGER servizi_elenco_update AFTER UPDATE ON servizi REFERENCING OLD TABLE AS vecchi NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION servizi_elenco_dopo_update();
--> statement-breakpoint
ALTER TABLE ONLY chiamate
    ADD CONSTRAINT chiamate_lead_id_leads_id_fk FOREIGN KEY (lead_id) REFERENCES leads(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY chiamate
    ADD CONSTRAINT chiamate_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY commissioni
    ADD CONSTRAINT commissioni_fornitore_id_fornitori_id_fk FOREIGN KEY (fornitore_id) REFERENCES fornitori(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY commissioni_fornitori
    ADD CONSTRAINT commissioni_fornitori_fornitore_id_fornitori_id_fk FOREIGN KEY (fornitore_id) REFERENCES fornitori(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY commissioni_fornitori
    ADD CONSTRAINT commissioni_fornitori_updated_by_users_id_fk FOREIGN KEY (updated_by) REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY commissioni
    ADD CONSTRAINT commissioni_payee_agente_id_users_id_fk FOREIGN KEY (payee_agente_id) REFERENCES users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY commissioni
    ADD CONSTRAINT commissioni_payee_area_manager_id_users_id_fk FOREIGN KEY (payee_area_manager_id) REFERENCES users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY commissioni
    ADD CONSTRAINT commissioni_payee_punto_fisico_id_users_id_fk FOREIGN KEY (payee_punto_fisico_id) REFERENCES users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY commissioni
    ADD CONSTRAINT commissioni_pratica_id_pratiche_id_fk FOREIGN KEY (pratica_id) REFERENCES pratiche(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY commissioni
    ADD CONSTRAINT commissioni_punto_fisico_id_punti_fisici_id_fk FOREIGN KEY (punto_fisico_id) REFERENCES punti_fisici(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY commissioni
    ADD CONSTRAINT commissioni_servizio_id_servizi_id_fk FOREIGN KEY (servizio_id) REFERENCES servizi(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY commissioni
    ADD CONSTRAINT commissioni_storno_of_id_commissioni_id_fk FOREIGN KEY (storno_of_id) REFERENCES commissioni(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY documenti
    ADD CONSTRAINT documenti_caricato_da_id_users_id_fk FOREIGN KEY (caricato_da_id) REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY documenti
    ADD CONSTRAINT documenti_merged_into_id_documenti_id_fk FOREIGN KEY (merged_into_id) REFERENCES documenti(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY documenti
    ADD CONSTRAINT documenti_pratica_id_pratiche_id_fk FOREIGN KEY (pratica_id) REFERENCES pratiche(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY email_outbox
    ADD CONSTRAINT email_outbox_lead_id_leads_id_fk FOREIGN KEY (lead_id) REFERENCES leads(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY email_outbox
    ADD CONSTRAINT email_outbox_pratica_id_pratiche_id_fk FOREIGN KEY (pratica_id) REFERENCES pratiche(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY email_outbox
    ADD CONSTRAINT email_outbox_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY esiti_caricamenti
    ADD CONSTRAINT esiti_caricamenti_creato_da_users_id_fk FOREIGN KEY (creato_da) REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY esiti_caricamenti
    ADD CONSTRAINT esiti_caricamenti_fornitore_id_fornitori_id_fk FOREIGN KEY (fornitore_id) REFERENCES fornitori(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY esiti_mappature
    ADD CONSTRAINT esiti_mappature_fornitore_id_fornitori_id_fk FOREIGN KEY (fornitore_id) REFERENCES fornitori(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY esiti_righe
    ADD CONSTRAINT esiti_righe_caricamento_id_esiti_caricamenti_id_fk FOREIGN KEY (caricamento_id) REFERENCES esiti_caricamenti(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY estratti_conto
    ADD CONSTRAINT estratti_conto_beneficiario_id_users_id_fk FOREIGN KEY (beneficiario_id) REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY estratti_conto
    ADD CONSTRAINT estratti_conto_prodotto_da_id_users_id_fk FOREIGN KEY (prodotto_da_id) REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY estratti_fornitori
    ADD CONSTRAINT estratti_fornitori_creato_da_users_id_fk FOREIGN KEY (creato_da) REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY estratti_fornitori
    ADD CONSTRAINT estratti_fornitori_fornitore_id_fornitori_id_fk FOREIGN KEY (fornitore_id) REFERENCES fornitori(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY estratti_fornitori_righe
    ADD CONSTRAINT estratti_fornitori_righe_estratto_id_estratti_fornitori_id_fk FOREIGN KEY (estratto_id) REFERENCES estratti_fornitori(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY estratti_fornitori_righe
    ADD CONSTRAINT estratti_fornitori_righe_servizio_id_servizi_id_fk FOREIGN KEY (servizio_id) REFERENCES servizi(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY estratti_mappature
    ADD CONSTRAINT estratti_mappature_fornitore_id_fornitori_id_fk FOREIGN KEY (fornitore_id) REFERENCES fornitori(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY idempotency_keys
    ADD CONSTRAINT idempotency_keys_pratica_id_pratiche_id_fk FOREIGN KEY (pratica_id) REFERENCES pratiche(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY importazioni
    ADD CONSTRAINT importazioni_creato_da_users_id_fk FOREIGN KEY (creato_da) REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY importazioni_righe
    ADD CONSTRAINT importazioni_righe_importazione_id_importazioni_id_fk FOREIGN KEY (importazione_id) REFERENCES importazioni(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY impostazioni
    ADD CONSTRAINT impostazioni_updated_by_users_id_fk FOREIGN KEY (updated_by) REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY invii_lotti
    ADD CONSTRAINT invii_lotti_creato_da_id_users_id_fk FOREIGN KEY (creato_da_id) REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY invii_lotti
    ADD CONSTRAINT invii_lotti_fornitore_id_fornitori_id_fk FOREIGN KEY (fornitore_id) REFERENCES fornitori(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY invii_lotti
    ADD CONSTRAINT invii_lotti_reinvio_di_id_invii_lotti_id_fk FOREIGN KEY (reinvio_di_id) REFERENCES invii_lotti(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY invii_lotti_servizi
    ADD CONSTRAINT invii_lotti_servizi_lotto_id_invii_lotti_id_fk FOREIGN KEY (lotto_id) REFERENCES invii_lotti(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY invii_lotti_servizi
    ADD CONSTRAINT invii_lotti_servizi_servizio_id_servizi_id_fk FOREIGN KEY (servizio_id) REFERENCES servizi(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY inviti_password
    ADD CONSTRAINT inviti_password_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY leads_eventi
    ADD CONSTRAINT leads_eventi_lead_id_leads_id_fk FOREIGN KEY (lead_id) REFERENCES leads(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY leads_eventi
    ADD CONSTRAINT leads_eventi_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY leads
    ADD CONSTRAINT leads_punto_fisico_originale_id_punti_fisici_id_fk FOREIGN KEY (punto_fisico_originale_id) REFERENCES punti_fisici(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY leads_separati
    ADD CONSTRAINT leads_separati_lead_a_id_leads_id_fk FOREIGN KEY (lead_a_id) REFERENCES leads(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY leads_separati
    ADD CONSTRAINT leads_separati_lead_b_id_leads_id_fk FOREIGN KEY (lead_b_id) REFERENCES leads(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY leads_separati
    ADD CONSTRAINT leads_separati_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY letture_bollette
    ADD CONSTRAINT letture_bollette_documento_id_documenti_id_fk FOREIGN KEY (documento_id) REFERENCES documenti(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY letture_bollette
    ADD CONSTRAINT letture_bollette_pratica_id_pratiche_id_fk FOREIGN KEY (pratica_id) REFERENCES pratiche(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY login_challenges
    ADD CONSTRAINT login_challenges_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY notifiche_preferenze
    ADD CONSTRAINT notifiche_preferenze_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY numeri_non_chiamare
    ADD CONSTRAINT numeri_non_chiamare_lead_id_leads_id_fk FOREIGN KEY (lead_id) REFERENCES leads(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY numeri_non_chiamare
    ADD CONSTRAINT numeri_non_chiamare_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY pratiche_eventi
    ADD CONSTRAINT pratiche_eventi_pratica_id_pratiche_id_fk FOREIGN KEY (pratica_id) REFERENCES pratiche(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY pratiche_eventi
    ADD CONSTRAINT pratiche_eventi_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY pratiche
    ADD CONSTRAINT pratiche_lead_id_leads_id_fk FOREIGN KEY (lead_id) REFERENCES leads(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY pratiche
    ADD CONSTRAINT pratiche_punto_fisico_id_punti_fisici_id_fk FOREIGN KEY (punto_fisico_id) REFERENCES punti_fisici(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY profili_fiscali
    ADD CONSTRAINT profili_fiscali_updated_by_id_users_id_fk FOREIGN KEY (updated_by_id) REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY profili_fiscali
    ADD CONSTRAINT profili_fiscali_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY proposte_scheda
    ADD CONSTRAINT proposte_scheda_decisa_da_id_users_id_fk FOREIGN KEY (decisa_da_id) REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY proposte_scheda
    ADD CONSTRAINT proposte_scheda_lettura_id_letture_bollette_id_fk FOREIGN KEY (lettura_id) REFERENCES letture_bollette(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY proposte_scheda
    ADD CONSTRAINT proposte_scheda_servizio_id_servizi_id_fk FOREIGN KEY (servizio_id) REFERENCES servizi(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY punti_fisici
    ADD CONSTRAINT punti_fisici_agente_id_users_id_fk FOREIGN KEY (agente_id) REFERENCES users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY punti_fisici
    ADD CONSTRAINT punti_fisici_area_manager_id_users_id_fk FOREIGN KEY (area_manager_id) REFERENCES users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY punti_fisici
    ADD CONSTRAINT punti_fisici_utente_responsabile_id_users_id_fk FOREIGN KEY (utente_responsabile_id) REFERENCES users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY riconciliazioni
    ADD CONSTRAINT riconciliazioni_chiusa_da_users_id_fk FOREIGN KEY (chiusa_da) REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY riconciliazioni
    ADD CONSTRAINT riconciliazioni_confermata_da_users_id_fk FOREIGN KEY (confermata_da) REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY riconciliazioni
    ADD CONSTRAINT riconciliazioni_estratto_id_estratti_fornitori_id_fk FOREIGN KEY (estratto_id) REFERENCES estratti_fornitori(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY riconciliazioni
    ADD CONSTRAINT riconciliazioni_fornitore_id_fornitori_id_fk FOREIGN KEY (fornitore_id) REFERENCES fornitori(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY riconciliazioni_voci
    ADD CONSTRAINT riconciliazioni_voci_riconciliazione_id_riconciliazioni_id_fk FOREIGN KEY (riconciliazione_id) REFERENCES riconciliazioni(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY riconciliazioni_voci
    ADD CONSTRAINT riconciliazioni_voci_servizio_id_servizi_id_fk FOREIGN KEY (servizio_id) REFERENCES servizi(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY role_settings
    ADD CONSTRAINT role_settings_updated_by_users_id_fk FOREIGN KEY (updated_by) REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY schede_contratto
    ADD CONSTRAINT schede_contratto_aggiornata_da_users_id_fk FOREIGN KEY (aggiornata_da) REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY schede_contratto
    ADD CONSTRAINT schede_contratto_pratica_id_pratiche_id_fk FOREIGN KEY (pratica_id) REFERENCES pratiche(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY schede_contratto
    ADD CONSTRAINT schede_contratto_servizio_id_servizi_id_fk FOREIGN KEY (servizio_id) REFERENCES servizi(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY servizi
    ADD CONSTRAINT servizi_fornitore_id_fornitori_id_fk FOREIGN KEY (fornitore_id) REFERENCES fornitori(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY servizi
    ADD CONSTRAINT servizi_pratica_id_pratiche_id_fk FOREIGN KEY (pratica_id) REFERENCES pratiche(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY servizi_storico
    ADD CONSTRAINT servizi_storico_servizio_id_servizi_id_fk FOREIGN KEY (servizio_id) REFERENCES servizi(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY servizi_storico
    ADD CONSTRAINT servizi_storico_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY sessions
    ADD CONSTRAINT sessions_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY totp_recovery_codes
    ADD CONSTRAINT totp_recovery_codes_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY tracciati_fornitori
    ADD CONSTRAINT tracciati_fornitori_fornitore_id_fornitori_id_fk FOREIGN KEY (fornitore_id) REFERENCES fornitori(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY tracciati_fornitori
    ADD CONSTRAINT tracciati_fornitori_salvato_da_id_users_id_fk FOREIGN KEY (salvato_da_id) REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY user_totp
    ADD CONSTRAINT user_totp_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
--> statement-breakpoint
RESET check_function_bodies;
