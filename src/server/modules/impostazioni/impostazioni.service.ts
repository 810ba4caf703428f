import type { Impostazioni, ImpostazioniResponse } from '#shared/schemas/impostazioni.ts';
import type { Informativa } from '#shared/schemas/landing.ts';
import type { Database, DbExecutor } from '#server/db/client.ts';
import type { Actor } from '#server/lib/actor.ts';
import { recordAudit } from '#server/modules/audit/audit.service.ts';
import { getPrivacySettings } from '#server/modules/privacy/privacy.service.ts';
import {
  AZIENDA_KEY,
  bumpInformativa,
  readKey,
  readRevisione,
  upsert,
} from '#server/modules/impostazioni/impostazioni-store.ts';

const EMPTY: Impostazioni = {
  telefonoAziendale: '',
  titolareNome: '',
  titolareIndirizzo: '',
  titolareEmail: '',
  dpo: '',
};

/** The fields the notice shows: a change to any of them is a new version of the notice. */
const TITOLARE_FIELDS = ['titolareNome', 'titolareIndirizzo', 'titolareEmail', 'dpo'] as const;

async function readAzienda(db: DbExecutor): Promise<Impostazioni> {
  const stored = (await readKey(db, AZIENDA_KEY)) as Partial<Impostazioni> | undefined;
  const out = { ...EMPTY };
  for (const key of Object.keys(EMPTY) as Array<keyof Impostazioni>)
    if (typeof stored?.[key] === 'string') out[key] = stored[key];
  return out;
}

export async function getImpostazioni(db: DbExecutor): Promise<ImpostazioniResponse> {
  const [azienda, revisione] = await Promise.all([readAzienda(db), readRevisione(db)]);
  return {
    ...azienda,
    versioneInformativa: revisione.versione,
    informativaAggiornataAt: revisione.aggiornataAt,
  };
}

/** The admin saves the Impostazioni; audit-logged with what changed (values before and after). */
export async function updateImpostazioni(
  db: Database,
  actor: Actor,
  ip: string,
  input: Impostazioni,
): Promise<ImpostazioniResponse> {
  return db.transaction(async (tx) => {
    const before = await readAzienda(tx);
    const changed = (Object.keys(EMPTY) as Array<keyof Impostazioni>).filter((k) => before[k] !== input[k]);
    if (changed.length === 0) return getImpostazioni(tx);
    await upsert(tx, AZIENDA_KEY, input, actor);
    const dettagli: Record<string, unknown> = Object.fromEntries(
      changed.map((k) => [k, { da: before[k], a: input[k] }]),
    );
    if (changed.some((k) => (TITOLARE_FIELDS as readonly string[]).includes(k)))
      dettagli.versioneInformativa = await bumpInformativa(tx, actor);
    await recordAudit(tx, {
      tipo: 'impostazioni_modificate',
      who: actor,
      ip,
      oggetto: { tipo: 'impostazioni' },
      dettagli,
    });
    return getImpostazioni(tx);
  });
}

/** The notice's content for the customer (GET /api/informativa): public. */
export async function getInformativa(db: DbExecutor): Promise<Informativa> {
  const [azienda, revisione, privacy] = await Promise.all([
    readAzienda(db),
    readRevisione(db),
    getPrivacySettings(db),
  ]);
  return {
    titolare: {
      nome: azienda.titolareNome,
      indirizzo: azienda.titolareIndirizzo,
      email: azienda.titolareEmail,
      dpo: azienda.dpo,
    },
    conservazioneLeadMesi: privacy.conservazioneLeadMesi,
    versione: revisione.versione,
    aggiornataAt: revisione.aggiornataAt,
  };
}

/** The company phone, or null (the lists that warn of a missing phone read it once). */
export async function getTelefonoAziendale(db: DbExecutor): Promise<string | null> {
  return (await readAzienda(db)).telefonoAziendale || null;
}
