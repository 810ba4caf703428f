CREATE TABLE "contatori" (
	"ambito" text NOT NULL,
	"ambito_id" integer NOT NULL,
	"voce" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "contatori_ambito_ambito_id_voce_pk" PRIMARY KEY("ambito","ambito_id","voce")
);
--> statement-breakpoint
CREATE TABLE "lead_punti" (
	"punto_fisico_id" integer NOT NULL,
	"lead_id" integer NOT NULL,
	"refs" integer NOT NULL,
	CONSTRAINT "lead_punti_punto_fisico_id_lead_id_pk" PRIMARY KEY("punto_fisico_id","lead_id")
);
--> statement-breakpoint
CREATE TABLE "lead_utenti" (
	"ruolo" text NOT NULL,
	"user_id" integer NOT NULL,
	"lead_id" integer NOT NULL,
	"data_registrazione" timestamp with time zone NOT NULL,
	"refs" integer NOT NULL,
	CONSTRAINT "lead_utenti_ruolo_user_id_lead_id_pk" PRIMARY KEY("ruolo","user_id","lead_id")
);
--> statement-breakpoint
CREATE INDEX "lead_punti_lead_idx" ON "lead_punti" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "lead_utenti_elenco_idx" ON "lead_utenti" USING btree ("ruolo","user_id","data_registrazione","lead_id");--> statement-breakpoint
CREATE INDEX "lead_utenti_lead_idx" ON "lead_utenti" USING btree ("lead_id");--> statement-breakpoint
-- Hand-written (drizzle-kit does not emit functions or triggers): counters and lead membership
-- kept in the same transaction as every change, so that list totals, per-status counts, the
-- dashboard and the per-point figures read a few rows instead of counting millions.
-- Statement-level triggers with transition tables: a COPY of 200,000 rows is one set-based pass.
-- See docs/performance.md#contatori and docs/decisions/015-contatori-e-perimetro.md
CREATE TYPE "servizio_delta" AS ("punto" integer, "pratica" integer, "tipo" text, "stato" text, "segno" integer);--> statement-breakpoint
CREATE FUNCTION contatori_servizi_applica(righe servizio_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Services per (point, type, status) are summed; a practice counts once per (point, status)
  -- and per (point, type, status) it has at least one service in: its distinct keys before (-1)
  -- and after (+1) the change.
  WITH r AS (SELECT coalesce(x.punto, 0) AS punto, x.pratica, x.tipo, x.stato, x.segno FROM unnest(righe) AS x),
  voci AS (
    SELECT punto, 'servizi|' || tipo || '|' || stato AS voce, sum(segno) AS n FROM r GROUP BY 1, 2
    UNION ALL
    SELECT punto, 'pratiche|' || tipo || '|' || stato, sum(segno)
      FROM (SELECT DISTINCT punto, pratica, tipo, stato, segno FROM r) f GROUP BY 1, 2
    UNION ALL
    SELECT punto, 'pratiche|*|' || stato, sum(segno)
      FROM (SELECT DISTINCT punto, pratica, stato, segno FROM r) f GROUP BY 1, 2
  )
  INSERT INTO contatori AS c (ambito, ambito_id, voce, n)
  SELECT 'punto', punto, voce, n FROM voci WHERE n <> 0
  ON CONFLICT (ambito, ambito_id, voce) DO UPDATE SET n = c.n + excluded.n;
END $$;--> statement-breakpoint
CREATE FUNCTION contatori_servizi_ricalcola(nuovi servizio_delta[], vecchi servizio_delta[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE righe servizio_delta[];
BEGIN
  -- The practices touched, as they are now (after) and as they were (now, minus the new rows,
  -- plus the old ones). Practices already deleted were taken out by their own trigger.
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
  IF righe IS NOT NULL THEN PERFORM contatori_servizi_applica(righe); END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION lead_utenti_applica(p_ruolo text[], p_user integer[], p_lead integer[], p_delta integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE v_r text[]; v_u integer[]; v_l integer[]; v_s integer[];
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
  )
  SELECT array_agg(up.ruolo), array_agg(up.user_id), array_agg(up.lead_id), array_agg(CASE WHEN up.refs > 0 THEN 1 ELSE -1 END)
  INTO v_r, v_u, v_l, v_s
  FROM up JOIN d ON d.r = up.ruolo AND d.u = up.user_id AND d.l = up.lead_id
  WHERE (up.refs > 0 AND up.refs = d.delta) OR (up.refs <= 0 AND up.refs - d.delta > 0);
  DELETE FROM lead_utenti lu
  WHERE lu.refs <= 0 AND (lu.ruolo, lu.user_id, lu.lead_id) IN (SELECT * FROM unnest(p_ruolo, p_user, p_lead));
  IF v_r IS NULL THEN RETURN; END IF;
  INSERT INTO contatori AS c (ambito, ambito_id, voce, n)
  SELECT x.r, x.u, 'lead', sum(x.s) FROM unnest(v_r, v_u, v_s) AS x(r, u, s) GROUP BY 1, 2 HAVING sum(x.s) <> 0
  ON CONFLICT (ambito, ambito_id, voce) DO UPDATE SET n = c.n + excluded.n;
END $$;--> statement-breakpoint
CREATE FUNCTION lead_punti_applica(p_punto integer[], p_lead integer[], p_delta integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE v_p integer[]; v_l integer[]; v_s integer[]; f_r text[]; f_u integer[]; f_l integer[]; f_s integer[];
BEGIN
  WITH d AS (
    SELECT x.p, x.l, sum(x.d)::integer AS delta FROM unnest(p_punto, p_lead, p_delta) AS x(p, l, d)
    WHERE x.p IS NOT NULL GROUP BY 1, 2 HAVING sum(x.d) <> 0
  ),
  up AS (
    INSERT INTO lead_punti AS lp (punto_fisico_id, lead_id, refs) SELECT d.p, d.l, d.delta FROM d
    ON CONFLICT (punto_fisico_id, lead_id) DO UPDATE SET refs = lp.refs + excluded.refs
    RETURNING lp.punto_fisico_id, lp.lead_id, lp.refs
  )
  SELECT array_agg(up.punto_fisico_id), array_agg(up.lead_id), array_agg(CASE WHEN up.refs > 0 THEN 1 ELSE -1 END)
  INTO v_p, v_l, v_s
  FROM up JOIN d ON d.p = up.punto_fisico_id AND d.l = up.lead_id
  WHERE (up.refs > 0 AND up.refs = d.delta) OR (up.refs <= 0 AND up.refs - d.delta > 0);
  DELETE FROM lead_punti lp
  WHERE lp.refs <= 0 AND (lp.punto_fisico_id, lp.lead_id) IN (SELECT * FROM unnest(p_punto, p_lead));
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
END $$;--> statement-breakpoint
CREATE FUNCTION contatori_somma(p_ambito text, p_id integer, p_voce text, p_delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO contatori AS c (ambito, ambito_id, voce, n) SELECT p_ambito, p_id, p_voce, p_delta WHERE p_delta <> 0
  ON CONFLICT (ambito, ambito_id, voce) DO UPDATE SET n = c.n + excluded.n;
$$;--> statement-breakpoint
-- leads
CREATE FUNCTION leads_dopo_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contatori_somma('tutti', 0, 'lead', (SELECT count(*)::integer FROM nuovi));
  PERFORM lead_punti_applica(array_agg(punto_fisico_originale_id), array_agg(id), array_agg(1))
    FROM nuovi WHERE punto_fisico_originale_id IS NOT NULL HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION leads_dopo_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contatori_somma('tutti', 0, 'lead', -(SELECT count(*)::integer FROM vecchi));
  PERFORM lead_punti_applica(array_agg(punto_fisico_originale_id), array_agg(id), array_agg(-1))
    FROM vecchi WHERE punto_fisico_originale_id IS NOT NULL HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION leads_dopo_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_punti_applica(array_agg(x.p), array_agg(x.l), array_agg(x.d)) FROM (
    SELECT o.punto_fisico_originale_id AS p, o.id AS l, -1 AS d FROM vecchi o JOIN nuovi n ON n.id = o.id
      WHERE o.punto_fisico_originale_id IS DISTINCT FROM n.punto_fisico_originale_id
    UNION ALL
    SELECT n.punto_fisico_originale_id, n.id, 1 FROM vecchi o JOIN nuovi n ON n.id = o.id
      WHERE o.punto_fisico_originale_id IS DISTINCT FROM n.punto_fisico_originale_id
  ) x WHERE x.p IS NOT NULL HAVING count(*) > 0;
  UPDATE lead_utenti lu SET data_registrazione = n.data_registrazione
    FROM vecchi o JOIN nuovi n ON n.id = o.id
    WHERE o.data_registrazione <> n.data_registrazione AND lu.lead_id = n.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER leads_contatori_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION leads_dopo_insert();--> statement-breakpoint
CREATE TRIGGER leads_contatori_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS vecchi FOR EACH STATEMENT EXECUTE FUNCTION leads_dopo_delete();--> statement-breakpoint
CREATE TRIGGER leads_contatori_update AFTER UPDATE ON leads REFERENCING OLD TABLE AS vecchi NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION leads_dopo_update();--> statement-breakpoint
-- pratiche
CREATE FUNCTION pratiche_dopo_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contatori AS c (ambito, ambito_id, voce, n)
  SELECT 'punto', coalesce(punto_fisico_id, 0), 'pratiche', count(*) FROM nuovi GROUP BY 2
  ON CONFLICT (ambito, ambito_id, voce) DO UPDATE SET n = c.n + excluded.n;
  PERFORM lead_punti_applica(array_agg(punto_fisico_id), array_agg(lead_id), array_agg(1))
    FROM nuovi WHERE punto_fisico_id IS NOT NULL HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Before, not after: a practice's services are still there (a cascade deletes them next, and
-- their own trigger then finds no practice and leaves the counters alone).
CREATE FUNCTION pratiche_prima_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE righe servizio_delta[];
BEGIN
  PERFORM contatori_somma('punto', coalesce(OLD.punto_fisico_id, 0), 'pratiche', -1);
  PERFORM lead_punti_applica(ARRAY[OLD.punto_fisico_id], ARRAY[OLD.lead_id], ARRAY[-1]);
  SELECT array_agg(ROW(OLD.punto_fisico_id, OLD.id, s.tipo_servizio, s.stato, -1)::servizio_delta) INTO righe
    FROM servizi s WHERE s.pratica_id = OLD.id;
  IF righe IS NOT NULL THEN PERFORM contatori_servizi_applica(righe); END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE FUNCTION pratiche_dopo_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE righe servizio_delta[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM vecchi o JOIN nuovi n ON n.id = o.id
                 WHERE (o.punto_fisico_id, o.lead_id) IS DISTINCT FROM (n.punto_fisico_id, n.lead_id)) THEN
    RETURN NULL;
  END IF;
  INSERT INTO contatori AS c (ambito, ambito_id, voce, n)
  SELECT 'punto', x.p, 'pratiche', sum(x.d) FROM (
    SELECT coalesce(o.punto_fisico_id, 0) AS p, -1 AS d FROM vecchi o JOIN nuovi n ON n.id = o.id WHERE o.punto_fisico_id IS DISTINCT FROM n.punto_fisico_id
    UNION ALL
    SELECT coalesce(n.punto_fisico_id, 0), 1 FROM vecchi o JOIN nuovi n ON n.id = o.id WHERE o.punto_fisico_id IS DISTINCT FROM n.punto_fisico_id
  ) x GROUP BY 1, 2 HAVING sum(x.d) <> 0
  ON CONFLICT (ambito, ambito_id, voce) DO UPDATE SET n = c.n + excluded.n;
  PERFORM lead_punti_applica(array_agg(x.p), array_agg(x.l), array_agg(x.d)) FROM (
    SELECT o.punto_fisico_id AS p, o.lead_id AS l, -1 AS d FROM vecchi o JOIN nuovi n ON n.id = o.id
      WHERE (o.punto_fisico_id, o.lead_id) IS DISTINCT FROM (n.punto_fisico_id, n.lead_id)
    UNION ALL
    SELECT n.punto_fisico_id, n.lead_id, 1 FROM vecchi o JOIN nuovi n ON n.id = o.id
      WHERE (o.punto_fisico_id, o.lead_id) IS DISTINCT FROM (n.punto_fisico_id, n.lead_id)
  ) x WHERE x.p IS NOT NULL HAVING count(*) > 0;
  SELECT array_agg(r) INTO righe FROM (
    SELECT ROW(o.punto_fisico_id, o.id, s.tipo_servizio, s.stato, -1)::servizio_delta AS r
      FROM vecchi o JOIN nuovi n ON n.id = o.id JOIN servizi s ON s.pratica_id = n.id
      WHERE o.punto_fisico_id IS DISTINCT FROM n.punto_fisico_id
    UNION ALL
    SELECT ROW(n.punto_fisico_id, n.id, s.tipo_servizio, s.stato, 1)::servizio_delta
      FROM vecchi o JOIN nuovi n ON n.id = o.id JOIN servizi s ON s.pratica_id = n.id
      WHERE o.punto_fisico_id IS DISTINCT FROM n.punto_fisico_id
  ) x;
  IF righe IS NOT NULL THEN PERFORM contatori_servizi_applica(righe); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER pratiche_contatori_insert AFTER INSERT ON pratiche REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION pratiche_dopo_insert();--> statement-breakpoint
CREATE TRIGGER pratiche_contatori_delete BEFORE DELETE ON pratiche FOR EACH ROW EXECUTE FUNCTION pratiche_prima_delete();--> statement-breakpoint
CREATE TRIGGER pratiche_contatori_update AFTER UPDATE ON pratiche REFERENCING OLD TABLE AS vecchi NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION pratiche_dopo_update();--> statement-breakpoint
-- servizi
CREATE FUNCTION servizi_dopo_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contatori_servizi_ricalcola(array_agg(ROW(NULL, pratica_id, tipo_servizio, stato, 1)::servizio_delta), '{}') FROM nuovi HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION servizi_dopo_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contatori_servizi_ricalcola('{}', array_agg(ROW(NULL, pratica_id, tipo_servizio, stato, -1)::servizio_delta)) FROM vecchi HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION servizi_dopo_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates (amounts, dates, supplier) touch no counted key.
  IF NOT EXISTS (SELECT 1 FROM vecchi o JOIN nuovi n ON n.id = o.id
                 WHERE (o.pratica_id, o.tipo_servizio, o.stato) IS DISTINCT FROM (n.pratica_id, n.tipo_servizio, n.stato)) THEN
    RETURN NULL;
  END IF;
  PERFORM contatori_servizi_ricalcola(
    (SELECT array_agg(ROW(NULL, pratica_id, tipo_servizio, stato, 1)::servizio_delta) FROM nuovi),
    (SELECT array_agg(ROW(NULL, pratica_id, tipo_servizio, stato, -1)::servizio_delta) FROM vecchi));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER servizi_contatori_insert AFTER INSERT ON servizi REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION servizi_dopo_insert();--> statement-breakpoint
CREATE TRIGGER servizi_contatori_delete AFTER DELETE ON servizi REFERENCING OLD TABLE AS vecchi FOR EACH STATEMENT EXECUTE FUNCTION servizi_dopo_delete();--> statement-breakpoint
CREATE TRIGGER servizi_contatori_update AFTER UPDATE ON servizi REFERENCING OLD TABLE AS vecchi NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION servizi_dopo_update();--> statement-breakpoint
-- punti_fisici: a new responsabile, agente or area manager takes over the point's leads.
CREATE FUNCTION punti_fisici_dopo_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_utenti_applica(array_agg(x.r), array_agg(x.u), array_agg(x.l), array_agg(x.d)) FROM (
    SELECT 'punto_fisico' AS r, OLD.utente_responsabile_id AS u, lp.lead_id AS l, -1 AS d FROM lead_punti lp
      WHERE lp.punto_fisico_id = OLD.id AND OLD.utente_responsabile_id IS DISTINCT FROM NEW.utente_responsabile_id
    UNION ALL SELECT 'punto_fisico', NEW.utente_responsabile_id, lp.lead_id, 1 FROM lead_punti lp
      WHERE lp.punto_fisico_id = OLD.id AND OLD.utente_responsabile_id IS DISTINCT FROM NEW.utente_responsabile_id
    UNION ALL SELECT 'agente', OLD.agente_id, lp.lead_id, -1 FROM lead_punti lp
      WHERE lp.punto_fisico_id = OLD.id AND OLD.agente_id IS DISTINCT FROM NEW.agente_id
    UNION ALL SELECT 'agente', NEW.agente_id, lp.lead_id, 1 FROM lead_punti lp
      WHERE lp.punto_fisico_id = OLD.id AND OLD.agente_id IS DISTINCT FROM NEW.agente_id
    UNION ALL SELECT 'area_manager', OLD.area_manager_id, lp.lead_id, -1 FROM lead_punti lp
      WHERE lp.punto_fisico_id = OLD.id AND OLD.area_manager_id IS DISTINCT FROM NEW.area_manager_id
    UNION ALL SELECT 'area_manager', NEW.area_manager_id, lp.lead_id, 1 FROM lead_punti lp
      WHERE lp.punto_fisico_id = OLD.id AND OLD.area_manager_id IS DISTINCT FROM NEW.area_manager_id
  ) x WHERE x.u IS NOT NULL HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Before the point goes, its leads and practices leave it (what ON DELETE SET NULL would do next),
-- while the point still names the people whose scope they leave.
CREATE FUNCTION punti_fisici_prima_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE leads SET punto_fisico_originale_id = NULL WHERE punto_fisico_originale_id = OLD.id;
  UPDATE pratiche SET punto_fisico_id = NULL WHERE punto_fisico_id = OLD.id;
  DELETE FROM contatori WHERE ambito = 'punto' AND ambito_id = OLD.id;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER punti_fisici_contatori_update AFTER UPDATE OF utente_responsabile_id, agente_id, area_manager_id ON punti_fisici FOR EACH ROW EXECUTE FUNCTION punti_fisici_dopo_update();--> statement-breakpoint
CREATE TRIGGER punti_fisici_contatori_delete BEFORE DELETE ON punti_fisici FOR EACH ROW EXECUTE FUNCTION punti_fisici_prima_delete();--> statement-breakpoint
-- Existing data: the same figures, computed once.
INSERT INTO lead_punti (punto_fisico_id, lead_id, refs)
SELECT p, l, count(*) FROM (
  SELECT punto_fisico_originale_id AS p, id AS l FROM leads WHERE punto_fisico_originale_id IS NOT NULL
  UNION ALL SELECT punto_fisico_id, lead_id FROM pratiche WHERE punto_fisico_id IS NOT NULL
) x GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO lead_utenti (ruolo, user_id, lead_id, data_registrazione, refs)
SELECT x.r, x.u, x.l, l.data_registrazione, count(*) FROM (
  SELECT 'punto_fisico' AS r, pf.utente_responsabile_id AS u, lp.lead_id AS l FROM lead_punti lp JOIN punti_fisici pf ON pf.id = lp.punto_fisico_id
  UNION ALL SELECT 'agente', pf.agente_id, lp.lead_id FROM lead_punti lp JOIN punti_fisici pf ON pf.id = lp.punto_fisico_id
  UNION ALL SELECT 'area_manager', pf.area_manager_id, lp.lead_id FROM lead_punti lp JOIN punti_fisici pf ON pf.id = lp.punto_fisico_id
) x JOIN leads l ON l.id = x.l WHERE x.u IS NOT NULL GROUP BY 1, 2, 3, 4;--> statement-breakpoint
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
