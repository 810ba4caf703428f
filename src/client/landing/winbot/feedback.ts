/**
 * WINBOT's feedback rules: what the assistant says on the data, upload and contact pages, and the
 * colour of its messages and highlights. Pure functions of the wizard's state.
 * See docs/product/landing.md#winbot
 */
import { joinItalian, WINBOT_CHECK_LABELS, winbotMsg } from '#shared/messages-winbot.ts';
import type { BillsProgress, DataChecks, WizardSnapshot } from '#client/landing/guide-bridge.ts';

const w = winbotMsg;

export type Tone = 'red' | 'orange' | 'yellow' | 'green' | 'purple' | 'blue' | 'grey';

export interface Feedback {
  tone: Tone;
  title: string;
  text: string;
}

/** The five checks, in the order of the form. */
export const DATA_CHECKS = ['nome', 'cognome', 'telefono', 'email', 'privacy'] as const;
export type DataCheck = (typeof DATA_CHECKS)[number];

/** The checks not done yet, in form order. */
export const missingChecks = (checks: DataChecks): DataCheck[] => DATA_CHECKS.filter((c) => !checks[c]);

/**
 * Data step: none done → red 'Inizia a compilare'; under half → orange 'Continua...' naming up to
 * two missing fields; more than half but not all → yellow 'Quasi fatto!' naming every missing
 * field; all → green 'Perfetto!'.
 */
export function dataFeedback(checks: DataChecks): Feedback {
  const missing = missingChecks(checks);
  const done = DATA_CHECKS.length - missing.length;
  const labels = missing.map((c) => WINBOT_CHECK_LABELS[c]);
  if (done === 0) return { tone: 'red', title: w.dataStart, text: w.dataStartText };
  if (done * 2 < DATA_CHECKS.length) {
    return {
      tone: 'orange',
      title: w.dataContinue,
      text: w.dataContinueText(labels.slice(0, 2), labels.length - 2),
    };
  }
  if (missing.length > 0) return { tone: 'yellow', title: w.dataAlmost, text: w.dataAlmostText(labels) };
  return { tone: 'green', title: w.dataDone, text: w.dataDoneText };
}

export type UploadProgress = 'not-needed' | 'done' | 'partial' | 'none';

/** Where the bills stand, from which of luce and gas are chosen and which are attached. */
export function uploadProgress(bills: BillsProgress): UploadProgress {
  if (!bills.luce && !bills.gas) return 'not-needed';
  if (bills.combined) return bills.hasCombined ? 'done' : 'none';
  const needed = Number(bills.luce) + Number(bills.gas);
  const attached = Number(bills.luce && bills.hasLuce) + Number(bills.gas && bills.hasGas);
  if (attached === 0) return 'none';
  return attached === needed ? 'done' : 'partial';
}

/** Upload step: green when done or when no bill is needed, yellow when partial, purple when none. */
export function uploadFeedback(bills: BillsProgress): Feedback {
  switch (uploadProgress(bills)) {
    case 'not-needed':
      return { tone: 'green', title: w.uploadNotNeeded, text: w.uploadNotNeededText };
    case 'done':
      return { tone: 'green', title: w.uploadDone, text: w.uploadDoneText };
    case 'partial': {
      const [caricata, mancante] = bills.hasLuce ? (['luce', 'gas'] as const) : (['gas', 'luce'] as const);
      return {
        tone: 'yellow',
        title: w.uploadPartial,
        text: w.uploadPartialText(w.billOf[caricata], w.billOf[mancante]),
      };
    }
    case 'none':
      return { tone: 'purple', title: w.uploadNone, text: w.uploadNoneText };
  }
}

/** Contact step: green once a slot is chosen, orange before. */
export function contactFeedback(slot: string): Feedback {
  return slot
    ? { tone: 'green', title: w.contactChosen, text: w.contactChosenText(slot) }
    : { tone: 'orange', title: w.contactNone, text: w.contactNoneText };
}

/** Highlight glow on the data step: the feedback's own colour (red, orange, yellow, green). */
export const dataGlow = (checks: DataChecks): Tone => dataFeedback(checks).tone;

/** Highlight glow on the upload step: grey with nothing attached, blue when partial, green when done. */
export function uploadGlow(bills: BillsProgress): Tone {
  const progress = uploadProgress(bills);
  return progress === 'none' ? 'grey' : progress === 'partial' ? 'blue' : 'green';
}

/** Highlight glow on the contact step: blue on arrival, then green with a slot or grey without. */
export function contactGlow(phase: 'arrival' | 'change', slot: string): Tone {
  if (phase === 'arrival') return 'blue';
  return slot ? 'green' : 'grey';
}

/** What the guide's banner says on the wizard's current page, or on the confirmation. */
export function pageFeedback(wizard: WizardSnapshot, serviceTitle: (code: string) => string): Feedback {
  if (wizard.isDone) return { tone: 'green', title: w.complete, text: w.completeText };
  switch (wizard.page) {
    case 1:
      return wizard.servizi.length === 0
        ? { tone: 'blue', title: w.selectingNone.title, text: w.selectingNone.text }
        : {
            tone: 'green',
            title: w.selectingSome.title,
            text: w.selectingSome.text(joinItalian(wizard.servizi.map(serviceTitle))),
          };
    case 2:
      return dataFeedback(wizard.checks);
    case 3:
      return uploadFeedback(wizard.bills);
    case 4:
      return contactFeedback(wizard.slot);
  }
}
