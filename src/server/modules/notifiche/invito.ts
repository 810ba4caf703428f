import { createEvent } from 'ics';
import { msg } from '#shared/messages.ts';
import { telHref } from '#server/modules/notifiche/templates.ts';

const c = msg.chiamate.invito;

/** How long the calendar keeps for a call. */
const CALL_MINUTES = 15;

/**
 * A calendar invitation (ICS) for a call to a customer (docs/product/calls.md#calendario): the
 * customer's name in the title, the number and its tel: link in the description and location.
 * `uid` is stable per call, so a calendar updates the event instead of adding a second one.
 */
export function callInvitation(input: {
  uid: string;
  start: Date;
  cliente: string;
  /** Null only on the customer's copy when no consultant phone is known (docs/product/landing.md#consulente). */
  telefono: string | null;
  /** The customer's own copy names the consultant's call, not 'Chiamare …'. */
  title?: string;
  description?: string;
}): string {
  const tel = input.telefono === null ? undefined : (telHref(input.telefono) ?? input.telefono);
  const { error, value } = createEvent({
    productId: 'winsolution/chiamate',
    method: 'REQUEST',
    uid: input.uid,
    start: input.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: CALL_MINUTES },
    title: input.title ?? c.titolo(input.cliente),
    description: input.description ?? c.descrizione(input.cliente, input.telefono ?? '', tel ?? ''),
    location: tel,
  });
  if (error || !value) throw error ?? new Error('invito non creato');
  return value;
}
