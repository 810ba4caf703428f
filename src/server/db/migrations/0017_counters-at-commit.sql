CREATE INDEX "email_outbox_scadenza_idx" ON "email_outbox" USING btree ("scade_at") WHERE stato in ('in_coda', 'in_invio');--> statement-breakpoint
CREATE TABLE "contatori_attesa" (
	"ambito" text NOT NULL,
	"ambito_id" integer NOT NULL,
	"voce" text NOT NULL,
	"n" integer NOT NULL
);--> statement-breakpoint
-- Hand-written (drizzle-kit emits neither UNLOGGED nor functions nor triggers). The triggers of
-- 0011/0012 added every change to `contatori` at once, so the first statement of a transaction
-- that touched a lead locked the row ('tutti', 0, 'lead') (and the point's and its people's rows)
-- until the commit: concurrent landing submissions queued behind each other for their whole
-- transaction (1M-lead bench: 63 submissions/s, 400 ms of lock wait per insert into leads).
-- Now the triggers append their changes to contatori_attesa (no lock on a shared row) and a
-- deferred constraint trigger adds them to contatori during COMMIT, summed per key and in key
-- order (no deadlock between two commits), then removes them. Other transactions still see the
-- counters change exactly when the rows do. The table is always empty outside a transaction
-- (each transaction removes its own rows before committing), hence UNLOGGED.
-- See docs/performance.md#contatori and docs/decisions/036-contatori-al-commit.md
ALTER TABLE "contatori_attesa" SET UNLOGGED;--> statement-breakpoint
CREATE FUNCTION contatori_versa_attesa() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only this transaction's rows are visible here: the others' are not committed yet, and never
  -- will be (their own commit removes them first). The first call takes them all; the rest find none.
  WITH v AS (DELETE FROM contatori_attesa RETURNING ambito, ambito_id, voce, n)
  INSERT INTO contatori AS c (ambito, ambito_id, voce, n)
  SELECT ambito, ambito_id, voce, sum(n) FROM v GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (ambito, ambito_id, voce) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER contatori_attesa_al_commit AFTER INSERT ON contatori_attesa
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION contatori_versa_attesa();--> statement-breakpoint
-- The functions of 0011/0012 that wrote contatori, unchanged but for where they write.
CREATE OR REPLACE FUNCTION contatori_servizi_applica(righe servizio_delta[]) RETURNS void LANGUAGE plpgsql AS $$
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
  INSERT INTO contatori_attesa (ambito, ambito_id, voce, n)
  SELECT 'punto', punto, voce, n FROM voci WHERE n <> 0;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION contatori_somma(p_ambito text, p_id integer, p_voce text, p_delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO contatori_attesa (ambito, ambito_id, voce, n) SELECT p_ambito, p_id, p_voce, p_delta WHERE p_delta <> 0;
$$;--> statement-breakpoint
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
  INSERT INTO contatori_attesa (ambito, ambito_id, voce, n)
  SELECT x.r, x.u, 'lead', sum(x.s) FROM unnest(v_r, v_u, v_s) AS x(r, u, s) GROUP BY 1, 2 HAVING sum(x.s) <> 0;
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
CREATE OR REPLACE FUNCTION pratiche_dopo_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contatori_attesa (ambito, ambito_id, voce, n)
  SELECT 'punto', coalesce(punto_fisico_id, 0), 'pratiche', count(*) FROM nuovi GROUP BY 2;
  PERFORM lead_punti_applica(array_agg(punto_fisico_id), array_agg(lead_id), array_agg(1))
    FROM nuovi WHERE punto_fisico_id IS NOT NULL HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION pratiche_dopo_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE righe servizio_delta[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM vecchi o JOIN nuovi n ON n.id = o.id
                 WHERE (o.punto_fisico_id, o.lead_id) IS DISTINCT FROM (n.punto_fisico_id, n.lead_id)) THEN
    RETURN NULL;
  END IF;
  INSERT INTO contatori_attesa (ambito, ambito_id, voce, n)
  SELECT 'punto', x.p, 'pratiche', sum(x.d) FROM (
    SELECT coalesce(o.punto_fisico_id, 0) AS p, -1 AS d FROM vecchi o JOIN nuovi n ON n.id = o.id WHERE o.punto_fisico_id IS DISTINCT FROM n.punto_fisico_id
    UNION ALL
    SELECT coalesce(n.punto_fisico_id, 0), 1 FROM vecchi o JOIN nuovi n ON n.id = o.id WHERE o.punto_fisico_id IS DISTINCT FROM n.punto_fisico_id
  ) x GROUP BY 1, 2 HAVING sum(x.d) <> 0;
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
CREATE OR REPLACE FUNCTION punti_fisici_prima_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE leads SET punto_fisico_originale_id = NULL WHERE punto_fisico_originale_id = OLD.id;
  UPDATE pratiche SET punto_fisico_id = NULL WHERE punto_fisico_id = OLD.id;
  DELETE FROM contatori WHERE ambito = 'punto' AND ambito_id = OLD.id;
  -- Its changes still waiting for the commit go with it (the updates above just queued some).
  DELETE FROM contatori_attesa WHERE ambito = 'punto' AND ambito_id = OLD.id;
  RETURN OLD;
END $$;
