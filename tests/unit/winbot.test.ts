import { describe, expect, it } from 'vitest';
import { dataChecks } from '#client/landing/form-rules.ts';
import {
  INITIAL_SNAPSHOT,
  NO_CHECKS,
  type BillsProgress,
  type DataChecks,
  type WizardSnapshot,
} from '#client/landing/guide-bridge.ts';
import {
  contactFeedback,
  contactGlow,
  dataFeedback,
  dataGlow,
  uploadFeedback,
  uploadGlow,
  uploadProgress,
} from '#client/landing/winbot/feedback.ts';
import {
  DEFAULT_STORED,
  readWinbotState,
  WINBOT_STORAGE_KEY,
  writeWinbotState,
} from '#client/landing/winbot/storage.ts';
import {
  initialTourState,
  stepOfPage,
  tourReducer,
  type TourEvent,
  type TourState,
} from '#client/landing/winbot/tour.ts';
import { FASCE_ORARIE } from '#shared/domain.ts';
import { joinItalian, winbotMsg } from '#shared/messages-winbot.ts';

const w = winbotMsg;

const checks = (...done: Array<keyof DataChecks>): DataChecks => ({
  ...NO_CHECKS,
  ...Object.fromEntries(done.map((c) => [c, true])),
});

describe('data-step feedback: five checks', () => {
  it.each([
    { done: [], tone: 'red', title: 'Inizia a compilare', text: w.dataStartText },
    {
      done: ['nome'],
      tone: 'orange',
      title: 'Continua...',
      text: 'Mancano ancora: Cognome, Cellulare e altri 2 campi.',
    },
    {
      done: ['nome', 'cognome'],
      tone: 'orange',
      title: 'Continua...',
      text: 'Mancano ancora: Cellulare, Email e un altro campo.',
    },
    {
      done: ['privacy', 'email'],
      tone: 'orange',
      title: 'Continua...',
      text: 'Mancano ancora: Nome, Cognome e un altro campo.',
    },
    {
      done: ['nome', 'cognome', 'telefono'],
      tone: 'yellow',
      title: 'Quasi fatto!',
      text: 'Manca solo: Email e Consenso privacy.',
    },
    {
      done: ['nome', 'telefono', 'email', 'privacy'],
      tone: 'yellow',
      title: 'Quasi fatto!',
      text: 'Manca solo: Cognome.',
    },
    {
      done: ['nome', 'cognome', 'telefono', 'email', 'privacy'],
      tone: 'green',
      title: 'Perfetto!',
      text: w.dataDoneText,
    },
  ] as const)('$done.length done ($done) → $tone $title', ({ done, tone, title, text }) => {
    const feedback = dataFeedback(checks(...done));
    expect(feedback).toEqual({ tone, title, text });
    // The highlight glows in the same colour.
    expect(dataGlow(checks(...done))).toBe(tone);
  });

  it.each([
    { values: {}, expected: NO_CHECKS },
    { values: { nome: '  ', cognome: 'Rossi' }, expected: checks('cognome') },
    { values: { email: 'giulia@' }, expected: NO_CHECKS },
    {
      values: { email: 'giulia@esempio.it', telefono: '347 1234567' },
      expected: checks('email', 'telefono'),
    },
    { values: { privacyAccepted: true as const, nome: 'Giulia' }, expected: checks('privacy', 'nome') },
  ])('the form values $values give the checks', ({ values, expected }) => {
    expect(dataChecks(values)).toEqual(expected);
  });
});

const bills = (over: Partial<BillsProgress>): BillsProgress => ({
  luce: false,
  gas: false,
  combined: false,
  hasLuce: false,
  hasGas: false,
  hasCombined: false,
  ...over,
});

describe('upload-step feedback', () => {
  it.each([
    { name: 'no bill needed', b: bills({}), progress: 'not-needed', tone: 'green', glow: 'green' },
    { name: 'luce, none', b: bills({ luce: true }), progress: 'none', tone: 'purple', glow: 'grey' },
    {
      name: 'luce, attached',
      b: bills({ luce: true, hasLuce: true }),
      progress: 'done',
      tone: 'green',
      glow: 'green',
    },
    {
      name: 'luce and gas, luce only',
      b: bills({ luce: true, gas: true, hasLuce: true }),
      progress: 'partial',
      tone: 'yellow',
      glow: 'blue',
    },
    {
      name: 'luce and gas, both',
      b: bills({ luce: true, gas: true, hasLuce: true, hasGas: true }),
      progress: 'done',
      tone: 'green',
      glow: 'green',
    },
    {
      name: 'one document for both, none',
      b: bills({ luce: true, gas: true, combined: true, hasLuce: true }),
      progress: 'none',
      tone: 'purple',
      glow: 'grey',
    },
    {
      name: 'one document for both, attached',
      b: bills({ luce: true, gas: true, combined: true, hasCombined: true }),
      progress: 'done',
      tone: 'green',
      glow: 'green',
    },
    {
      name: 'gas only, attached',
      b: bills({ gas: true, hasGas: true }),
      progress: 'done',
      tone: 'green',
      glow: 'green',
    },
  ] as const)('$name → $tone, glow $glow', ({ b, progress, tone, glow }) => {
    expect(uploadProgress(b)).toBe(progress);
    expect(uploadFeedback(b).tone).toBe(tone);
    expect(uploadGlow(b)).toBe(glow);
  });

  it('names the missing bill when one of two is attached', () => {
    expect(uploadFeedback(bills({ luce: true, gas: true, hasGas: true })).text).toBe(
      'Hai aggiunto la fattura del gas. Se puoi, aggiungi anche quella della luce, oppure continua così.',
    );
  });
});

describe('contact-step feedback', () => {
  it('is orange without a slot, green with one, naming the same one-hour slot as the wizard', () => {
    expect(contactFeedback('').tone).toBe('orange');
    for (const slot of FASCE_ORARIE) {
      const [from, to] = slot.split('-');
      const feedback = contactFeedback(slot);
      expect(feedback.tone).toBe('green');
      expect(feedback.text).toContain(`tra le ${from} e le ${to}`);
    }
    // The assistant speaks of the wizard's ten slots, 9:00 to 19:00 (never "18:00-20:00").
    expect(w.contactNoneText).toContain('dalle 9:00 alle 19:00');
    expect(JSON.stringify(w)).not.toMatch(/20:00|5 (a|e) 10 minuti/);
  });

  it.each([
    { phase: 'arrival', slot: '', glow: 'blue' },
    { phase: 'arrival', slot: '09:00-10:00', glow: 'blue' },
    { phase: 'change', slot: '09:00-10:00', glow: 'green' },
    { phase: 'change', slot: '', glow: 'grey' },
  ] as const)('glow on $phase with slot "$slot" is $glow', ({ phase, slot, glow }) => {
    expect(contactGlow(phase, slot)).toBe(glow);
  });
});

describe('joinItalian', () => {
  it.each([
    [[], ''],
    [['Luce'], 'Luce'],
    [['Luce', 'Gas'], 'Luce e Gas'],
    [['Luce', 'Gas', 'Noleggio'], 'Luce, Gas e Noleggio'],
  ])('%j → %s', (items, expected) => expect(joinItalian(items)).toBe(expected));
});

// ---------------------------------------------------------------------------------------------
// The tour state machine.

const snap = (over: Partial<WizardSnapshot> = {}): WizardSnapshot => ({ ...INITIAL_SNAPSHOT, ...over });
const run = (state: TourState, ...events: TourEvent[]) => events.reduce(tourReducer, state);
const started = (hasSeenTutorial = false, wizard = snap()) =>
  run(initialTourState(hasSeenTutorial), { type: 'start', hasSeenTutorial, wizard });
const guided = () => run(started(), { type: 'next-slide' }, { type: 'choose-guided' });

describe('WINBOT modes', () => {
  it.each([
    { name: 'first visit, untouched wizard', seen: false, wizard: snap(), mode: 'tutorial' },
    { name: 'tutorial seen before', seen: true, wizard: snap(), mode: 'minimized' },
    {
      name: 'first visit, customer already busy',
      seen: false,
      wizard: snap({ servizi: ['luce'] }),
      mode: 'minimized',
    },
    { name: 'first visit, already on page 2', seen: false, wizard: snap({ page: 2 }), mode: 'minimized' },
  ])('hidden → $mode: $name', ({ seen, wizard, mode }) => {
    expect(initialTourState(seen).mode).toBe('hidden');
    expect(started(seen, wizard).mode).toBe(mode);
  });

  it.each([
    {
      name: 'autonomous',
      events: [{ type: 'next-slide' }, { type: 'choose-autonomous' }],
      mode: 'minimized',
    },
    { name: 'close the welcome', events: [{ type: 'minimize' }], mode: 'minimized' },
    { name: 'close from the menu', events: [{ type: 'minimize' }, { type: 'close' }], mode: 'hidden' },
    { name: 'guided', events: [{ type: 'next-slide' }, { type: 'choose-guided' }], mode: 'guide' },
    {
      name: 'end the guide',
      events: [{ type: 'next-slide' }, { type: 'choose-guided' }, { type: 'end-guide' }],
      mode: 'minimized',
    },
  ] as Array<{ name: string; events: TourEvent[]; mode: string }>)(
    '$name → $mode, and the tutorial counts as seen',
    ({ events, mode }) => {
      const state = run(started(), ...events);
      expect(state.mode).toBe(mode);
      expect(state.hasSeenTutorial).toBe(true);
    },
  );

  it('the welcome has two slides, back and forth', () => {
    expect(run(started(), { type: 'next-slide' }).slide).toBe(2);
    expect(run(started(), { type: 'next-slide' }, { type: 'previous-slide' }).slide).toBe(1);
  });

  it('the menu replays the welcome and restarts the guide', () => {
    const minimized = started(true);
    expect(run(minimized, { type: 'replay-welcome' })).toMatchObject({ mode: 'tutorial', slide: 1 });
    expect(run(minimized, { type: 'restart-guide' })).toMatchObject({
      mode: 'guide',
      step: 'welcome',
      subStep: 'initial-message',
    });
  });
});

describe('the tour follows the wizard', () => {
  it('welcome → selecting-services with "Scopri e scegli i servizi", highlighting the services', () => {
    const state = guided();
    expect(state).toMatchObject({ step: 'welcome', subStep: 'initial-message' });
    const next = run(state, { type: 'discover-services' });
    expect(next).toMatchObject({ step: 'selecting-services', subStep: 'progressive-guide' });
    expect(next.highlight).toMatchObject({ target: 'services', tone: 'blue' });
  });

  it('ticking a service explains it once; "Ho capito" hides the explanation', () => {
    let state = run(guided(), { type: 'discover-services' });
    state = run(state, { type: 'wizard', wizard: snap({ servizi: ['gas'] }) });
    expect(state).toMatchObject({ step: 'service-explanation', tooltip: 'gas' });
    state = run(state, { type: 'acknowledge' });
    expect(state).toMatchObject({ step: 'selecting-services', tooltip: null });
    // Unticked and ticked again: not explained twice.
    state = run(
      state,
      { type: 'wizard', wizard: snap() },
      { type: 'wizard', wizard: snap({ servizi: ['gas'] }) },
    );
    expect(state.tooltip).toBeNull();
    // Another service is.
    state = run(state, { type: 'wizard', wizard: snap({ servizi: ['gas', 'noleggio'] }) });
    expect(state.tooltip).toBe('noleggio');
    // Unticking the explained service takes its explanation away.
    state = run(state, { type: 'wizard', wizard: snap({ servizi: ['gas'] }) });
    expect(state).toMatchObject({ step: 'selecting-services', tooltip: null });
  });

  it.each([
    { page: 2, step: 'data' },
    { page: 3, step: 'upload' },
    { page: 4, step: 'contact' },
  ] as const)('page $page → $step: initial message, then the progressive guide', ({ page, step }) => {
    let state = run(guided(), { type: 'discover-services' });
    state = run(state, { type: 'wizard', wizard: snap({ page, servizi: ['luce'] }) });
    expect(state).toMatchObject({ step, subStep: 'initial-message' });
    state = run(state, { type: 'acknowledge' });
    expect(state).toMatchObject({ step, subStep: 'progressive-guide' });
    expect(state.highlight).not.toBeNull();
  });

  it('going back shows the guide directly, the confirmation completes the tour', () => {
    let state = run(guided(), { type: 'discover-services' });
    state = run(state, { type: 'wizard', wizard: snap({ page: 2 }) }, { type: 'acknowledge' });
    state = run(state, { type: 'wizard', wizard: snap({ page: 1 }) });
    expect(state).toMatchObject({ step: 'selecting-services', subStep: 'progressive-guide' });
    state = run(state, { type: 'wizard', wizard: snap({ page: 2 }) });
    expect(state).toMatchObject({ step: 'data', subStep: 'progressive-guide' });
    state = run(state, { type: 'wizard', wizard: snap({ page: 4, isDone: true }) });
    expect(state.step).toBe('complete');
    expect(stepOfPage(snap({ isDone: true }), [])).toBe('complete');
  });

  it('on the data page the highlight moves to the next missing field, in the progress colour', () => {
    let state = run(guided(), { type: 'discover-services' });
    state = run(state, { type: 'wizard', wizard: snap({ page: 2 }) }, { type: 'acknowledge' });
    expect(state.highlight).toMatchObject({ target: 'nome', tone: 'red' });
    state = run(state, { type: 'wizard', wizard: snap({ page: 2, checks: checks('nome', 'cognome') }) });
    expect(state.highlight).toMatchObject({ target: 'telefono', tone: 'orange' });
    state = run(state, {
      type: 'wizard',
      wizard: snap({ page: 2, checks: checks('nome', 'cognome', 'telefono', 'email') }),
    });
    expect(state.highlight).toMatchObject({ target: 'privacy', tone: 'yellow' });
    state = run(state, {
      type: 'wizard',
      wizard: snap({ page: 2, checks: checks('nome', 'cognome', 'telefono', 'email', 'privacy') }),
    });
    expect(state.highlight).toMatchObject({ target: 'continue', tone: 'green' });
  });

  it('a highlight is cleared only by its own timer', () => {
    const state = run(guided(), { type: 'discover-services' });
    const id = state.highlight!.id;
    expect(run(state, { type: 'clear-highlight', id: id - 1 }).highlight).not.toBeNull();
    expect(run(state, { type: 'clear-highlight', id }).highlight).toBeNull();
  });

  it('minimised, the assistant follows the wizard silently', () => {
    const state = run(started(true), { type: 'wizard', wizard: snap({ page: 2 }) });
    expect(state).toMatchObject({ mode: 'minimized', highlight: null });
    expect(state.wizard.page).toBe(2);
  });
});

// ---------------------------------------------------------------------------------------------
// localStorage['winbot-state'].

/** A Storage in memory; `broken` makes every call throw, as a browser with storage disabled does. */
function memoryStorage(initial: Record<string, string> = {}, broken = false): Storage {
  const data = new Map(Object.entries(initial));
  const guard = () => {
    if (broken) throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    key: (i) => [...data.keys()][i] ?? null,
    getItem: (k) => (guard(), data.get(k) ?? null),
    setItem: (k, v) => (guard(), void data.set(k, String(v))),
    removeItem: (k) => void data.delete(k),
  };
}

describe("localStorage['winbot-state']", () => {
  it.each([
    ['nothing stored', undefined, DEFAULT_STORED],
    ['not JSON', '{hasSeen', DEFAULT_STORED],
    ['an array', '[true]', DEFAULT_STORED],
    ['a string', '"yes"', DEFAULT_STORED],
    ['null', 'null', DEFAULT_STORED],
    ['a foreign shape', '{"seen":1}', DEFAULT_STORED],
    ['a flag of the wrong type', '{"hasSeenTutorial":"true"}', DEFAULT_STORED],
    ['seen, no name', '{"hasSeenTutorial":true}', { hasSeenTutorial: true, userName: null }],
    [
      'seen, named',
      '{"hasSeenTutorial":true,"userName":"Giulia"}',
      { hasSeenTutorial: true, userName: 'Giulia' },
    ],
    [
      'a name with control characters, too long',
      `{"hasSeenTutorial":false,"userName":"Gi\\u0000ulia\\n${'x'.repeat(60)}"}`,
      { hasSeenTutorial: false, userName: `Giulia${'x'.repeat(34)}` },
    ],
    [
      'a name of another type',
      '{"hasSeenTutorial":true,"userName":42}',
      { hasSeenTutorial: true, userName: null },
    ],
  ])('%s → %j', (_name, raw, expected) => {
    const storage = memoryStorage(raw === undefined ? {} : { [WINBOT_STORAGE_KEY]: raw });
    expect(readWinbotState(storage)).toEqual(expected);
  });

  it('writes { hasSeenTutorial, userName } and reads it back', () => {
    const storage = memoryStorage();
    expect(writeWinbotState(storage, { hasSeenTutorial: true, userName: 'Giulia' })).toBe(true);
    expect(JSON.parse(storage.getItem(WINBOT_STORAGE_KEY)!)).toEqual({
      hasSeenTutorial: true,
      userName: 'Giulia',
    });
    expect(readWinbotState(storage)).toEqual({ hasSeenTutorial: true, userName: 'Giulia' });
  });

  it('without storage (private mode, disabled) nothing throws', () => {
    const broken = memoryStorage({}, true);
    expect(readWinbotState(broken)).toEqual(DEFAULT_STORED);
    expect(writeWinbotState(broken, { hasSeenTutorial: true, userName: null })).toBe(false);
    expect(readWinbotState(null)).toEqual(DEFAULT_STORED);
    expect(writeWinbotState(null, { hasSeenTutorial: true, userName: null })).toBe(false);
  });
});
