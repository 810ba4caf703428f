import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CONSULENTE_TELEFONO_PLACEHOLDER, type ServizioRichiedibile } from '#shared/domain.ts';
import { landingMsg } from '#shared/messages-landing.ts';
import type { LandingFormInput } from '#shared/schemas/landing.ts';
import { EMPTY_BILLS, type BillNeeds, type Bills } from '#client/landing/bills.ts';
import type { UploadOutcome } from '#client/landing/submission.ts';
import { useLandingForm } from '#client/landing/use-landing-form.ts';
import { Conferma } from '#client/landing/components/conferma.tsx';
import { StepDati } from '#client/landing/components/step-dati.tsx';
import { StepFatture } from '#client/landing/components/step-fatture.tsx';
import { StepOrario } from '#client/landing/components/step-orario.tsx';
import { StepServizi } from '#client/landing/components/step-servizi.tsx';

const m = landingMsg;

function Servizi({ isDemo = false, onNext = () => undefined }: { isDemo?: boolean; onNext?: () => void }) {
  const [selected, setSelected] = useState<ServizioRichiedibile[]>([]);
  return (
    <StepServizi
      selected={selected}
      isDemo={isDemo}
      focusTitle={false}
      onToggle={(code) => setSelected((s) => (s.includes(code) ? s.filter((x) => x !== code) : [...s, code]))}
      onNext={onNext}
    />
  );
}

describe('step 1: services', () => {
  it("'Richiedi l'offerta' is disabled until a service is chosen, and enabled again only with one", async () => {
    const user = userEvent.setup();
    const onNext = vi.fn();
    render(<Servizi onNext={onNext} />);
    const next = screen.getByRole('button', { name: m.step1Button });
    expect(next).toBeDisabled();
    const luce = screen.getByRole('button', { name: /Luce/ });
    await user.click(luce);
    expect(luce).toHaveAttribute('aria-pressed', 'true');
    expect(next).toBeEnabled();
    await user.click(next);
    expect(onNext).toHaveBeenCalledOnce();
    await user.click(luce);
    expect(next).toBeDisabled();
  });

  it('the disabled button keeps readable contrast (grey on grey, not a faded blue)', () => {
    render(<Servizi />);
    const next = screen.getByRole('button', { name: m.step1Button });
    expect(next.className).toContain('disabled:bg-slate-200');
    expect(next.className).toContain('disabled:text-slate-600');
    expect(next.className).not.toContain('disabled:opacity-50');
  });

  it.each([
    { isDemo: false, offered: ['Luce', 'Gas', 'Internet a casa', 'Noleggio'], soon: true },
    {
      isDemo: true,
      offered: ['Luce', 'Gas', 'Internet a casa', 'Noleggio', 'Finanziamenti', 'Assicurazioni'],
      soon: false,
    },
  ])('demo $isDemo offers $offered', ({ isDemo, offered, soon }) => {
    render(<Servizi isDemo={isDemo} />);
    const group = screen.getByRole('group', { name: m.step1Title });
    const buttons = Array.from(group.querySelectorAll('button'));
    expect(buttons.map((b) => offered.find((o) => b.textContent?.includes(o)))).toEqual(offered);
    if (soon) expect(screen.getByText(m.prossimamente)).toBeInTheDocument();
    else expect(screen.queryByText(m.prossimamente)).not.toBeInTheDocument();
  });
});

function Dati({ onValid }: { onValid: (values: LandingFormInput) => void }) {
  const form = useLandingForm();
  const { setValue } = form;
  // Step 1 chose a service before this step.
  useEffect(() => setValue('serviziRichiesti', ['luce']), []); // eslint-disable-line react-hooks/exhaustive-deps
  return <StepDati form={form} onBack={() => undefined} onValid={() => onValid(form.getValues())} />;
}

describe('step 2: data', () => {
  it('leaving it empty shows every message under its field and focuses the first', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<Dati onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: m.step2Button }));
    for (const text of [
      m.nomeRequired,
      m.cognomeRequired,
      m.telefonoRequired,
      m.emailRequired,
      m.privacyRequired,
    ])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nome/)).toHaveFocus();
    expect(screen.getByLabelText(/^Nome/)).toHaveAttribute('aria-invalid', 'true');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('after the first attempt each message goes as soon as its field is right', async () => {
    const user = userEvent.setup();
    render(<Dati onValid={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: m.step2Button }));
    await user.type(screen.getByLabelText('Email', { exact: false }), 'giulia@');
    expect(screen.getByText(m.emailInvalid)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email', { exact: false }), 'esempio.it');
    expect(screen.queryByText(m.emailInvalid)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Nome/), 'Giulia');
    expect(screen.queryByText(m.nomeRequired)).not.toBeInTheDocument();
    expect(screen.getByText(m.cognomeRequired)).toBeInTheDocument();
  });

  it('valid data go on', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<Dati onValid={onValid} />);
    await user.type(screen.getByLabelText(/^Nome/), 'Giulia');
    await user.type(screen.getByLabelText(/^Cognome/), 'Rossi');
    await user.type(screen.getByLabelText(/^Cellulare/), '347 1234567');
    await user.type(screen.getByLabelText(/^Email/), 'giulia@esempio.it');
    await user.click(screen.getByLabelText(m.privacyLabel, { exact: false }));
    await user.click(screen.getByRole('button', { name: m.step2Button }));
    expect(onValid).toHaveBeenCalledOnce();
    expect(onValid.mock.calls[0][0]).toMatchObject({
      nome: 'Giulia',
      cognome: 'Rossi',
      email: 'giulia@esempio.it',
      privacyAccepted: true,
    });
  });
});

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

function fatture(bills: Bills, needs: BillNeeds, capture: { kind: 'luce'; page: number } | null = null) {
  const noop = () => undefined;
  return (
    <StepFatture
      bills={bills}
      needs={needs}
      canCombine={needs.luce && needs.gas}
      capture={capture}
      onCombinedChange={noop}
      onFile={noop}
      onStartCapture={noop}
      onPhoto={noop}
      onCancelCapture={noop}
      onRemove={noop}
      onBack={noop}
      onNext={noop}
    />
  );
}

describe('step 3: bills', () => {
  const both = { luce: true, gas: true, combined: false };
  it.each([
    { name: 'none attached', bills: EMPTY_BILLS, label: m.step3None, banner: null },
    {
      name: 'luce of two',
      bills: { ...EMPTY_BILLS, luce: { file: pdf('l.pdf'), pages: [] } },
      label: m.step3Partial,
      banner: m.bannerOnlyLuce,
    },
    {
      name: 'both',
      bills: {
        ...EMPTY_BILLS,
        luce: { file: pdf('l.pdf'), pages: [] },
        gas: { file: pdf('g.pdf'), pages: [] },
      },
      label: m.step3Complete,
      banner: m.bannerBoth,
    },
  ])('$name: the button reads "$label"', ({ bills, label, banner }) => {
    render(fatture(bills, both));
    expect(screen.getByRole('button', { name: label })).toBeEnabled();
    if (banner) expect(screen.getByTestId('upload-status')).toHaveTextContent(banner);
    else expect(screen.getByTestId('upload-status')).toBeEmptyDOMElement();
    expect(screen.getByLabelText(m.step3Combined)).toBeInTheDocument();
  });

  it('while a photo is being taken the button says so and waits', () => {
    render(fatture(EMPTY_BILLS, { luce: true, gas: false, combined: false }, { kind: 'luce', page: 1 }));
    expect(screen.getByRole('button', { name: m.photoInProgress })).toBeDisabled();
    expect(screen.queryByLabelText(m.step3Combined)).not.toBeInTheDocument();
  });
});

const consultant = { nome: 'Anna Galli', telefono: '+39 347 1112233' };

describe('step 4: slot and submission', () => {
  it.each([
    { slot: '', error: null, sending: false, label: m.step4NoSlot },
    { slot: '10:00-11:00', error: null, sending: false, label: m.step4Submit },
    { slot: '10:00-11:00', error: 'x', sending: false, label: m.retry },
    { slot: '10:00-11:00', error: null, sending: true, label: m.sending },
  ])('slot "$slot", error $error, sending $sending → "$label"', ({ slot, error, sending, label }) => {
    render(
      <StepOrario
        slot={slot}
        isSending={sending}
        error={error}
        consultant={consultant}
        onSlot={vi.fn()}
        onBack={vi.fn()}
        onSubmit={vi.fn()}
      />,
    );
    const button = screen.getByRole('button', { name: label });
    if (sending) expect(button).toBeDisabled();
    else expect(button).toBeEnabled();
    if (slot) expect(screen.getByText(m.step4Chosen(slot))).toBeInTheDocument();
  });

  it('a failure is announced with what to do, and the phone of the consultant when it is a real one', () => {
    const { rerender } = render(
      <StepOrario
        slot=""
        isSending={false}
        error={m.submitServerError}
        consultant={consultant}
        onSlot={vi.fn()}
        onBack={vi.fn()}
        onSubmit={vi.fn()}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(m.submitFailedTitle);
    expect(alert).toHaveTextContent(m.submitServerError);
    expect(screen.getByRole('link', { name: /347 1112233/ })).toHaveAttribute('href', 'tel:+393471112233');

    rerender(
      <StepOrario
        slot=""
        isSending={false}
        error={m.submitServerError}
        consultant={{ nome: 'Consulente', telefono: CONSULENTE_TELEFONO_PLACEHOLDER }}
        onSlot={vi.fn()}
        onBack={vi.fn()}
        onSubmit={vi.fn()}
      />,
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

const info = { nomeAttivita: 'Bar Sport', puntoFisicoId: 1, consultant };

describe('confirmation', () => {
  it('without a failed upload it says nothing about bills', () => {
    render(<Conferma info={info} upload={{ status: 'sent' }} />);
    expect(screen.getByRole('heading', { name: m.doneTitle })).toBeInTheDocument();
    expect(screen.getByTestId('bills-status')).toBeEmptyDOMElement();
  });

  it('a failed upload is reported with a way to send the bills again, then a thank-you', async () => {
    const user = userEvent.setup();
    const onResend = vi.fn();
    const failed: UploadOutcome = { status: 'failed', retryable: true };
    const { rerender } = render(<Conferma info={info} upload={failed} onResend={onResend} />);
    expect(screen.getByTestId('bills-status')).toHaveTextContent(m.uploadFailedTitle);
    await user.click(screen.getByRole('button', { name: m.uploadResend }));
    expect(onResend).toHaveBeenCalledOnce();
    rerender(<Conferma info={info} upload={{ status: 'sending' }} onResend={onResend} />);
    expect(screen.getByRole('button', { name: m.sending })).toBeDisabled();
    rerender(<Conferma info={info} upload={{ status: 'sent' }} onResend={onResend} />);
    expect(screen.getByTestId('bills-status')).toHaveTextContent(m.uploadResent);
  });

  it('a refused file cannot be sent again: the server says why and the consultant will ask', () => {
    render(
      <Conferma
        info={info}
        upload={{ status: 'failed', retryable: false, message: 'Il file "x" non è di un tipo consentito.' }}
      />,
    );
    const status = screen.getByTestId('bills-status');
    expect(status).toHaveTextContent('Il file "x" non è di un tipo consentito.');
    expect(status).toHaveTextContent(m.uploadFailedFinal);
    expect(screen.queryByRole('button', { name: m.uploadResend })).not.toBeInTheDocument();
  });
});
