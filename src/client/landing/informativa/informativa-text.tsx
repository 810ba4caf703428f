import { useEffect, useState } from 'react';
import { landingMsg } from '#shared/messages-landing.ts';
import { informativaMsg, isInformativaCompleta, type InformativaDati } from '#shared/messages-informativa.ts';
import type { Informativa } from '#shared/schemas/landing.ts';
import { fetchInformativa } from '#client/landing/api.ts';

const dateIt = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'short' });

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: Informativa };

/**
 * The privacy notice (art. 13 GDPR) with the controller the admin set and the retention period in
 * force, fetched when it is opened. See docs/privacy.md#informativa
 */
export function InformativaText({ nomeAttivita, titleId }: { nomeAttivita?: string; titleId: string }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchInformativa(controller.signal).then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Informativa non caricata:', error);
        setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const heading = (
    <h2 id={titleId} className="text-xl font-semibold">
      {informativaMsg.title}
    </h2>
  );
  if (state.status !== 'ready')
    return (
      <div className="flex flex-col gap-3">
        {heading}
        {state.status === 'loading' ? (
          <p role="status">{landingMsg.informativaLoading}</p>
        ) : (
          <div role="alert" className="flex flex-col items-start gap-2">
            <p>{landingMsg.informativaError}</p>
            <button
              type="button"
              className="font-semibold text-primary underline underline-offset-4"
              onClick={() => {
                setState({ status: 'loading' });
                setAttempt((n) => n + 1);
              }}
            >
              {landingMsg.retry}
            </button>
          </div>
        )}
      </div>
    );

  const { data } = state;
  const dati: InformativaDati = {
    ...data,
    nomeAttivita,
    aggiornataIl: data.aggiornataAt ? dateIt.format(new Date(data.aggiornataAt)) : undefined,
  };
  return (
    <article className="flex flex-col gap-4 text-sm leading-relaxed" data-testid="informativa">
      <header className="flex flex-col gap-1">
        {heading}
        <p className="text-muted-foreground">{informativaMsg.subtitle}</p>
      </header>
      {!isInformativaCompleta(dati) && (
        <p className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-amber-950">
          {informativaMsg.incompleta}
        </p>
      )}
      {informativaMsg.sezioni(dati).map((s) => (
        <section key={s.titolo} className="flex flex-col gap-1.5">
          <h3 className="font-semibold">{s.titolo}</h3>
          {s.paragrafi.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {s.punti ? (
            <ul className="list-disc space-y-1 pl-5">
              {s.punti.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      <p className="text-xs text-muted-foreground" data-testid="informativa-versione">
        {informativaMsg.versione(dati)}
      </p>
    </article>
  );
}
