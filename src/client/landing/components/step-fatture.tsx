import { CheckCircle2, Info } from 'lucide-react';
import { landingMsg } from '#shared/messages-landing.ts';
import { guideTarget } from '#client/landing/guide-bridge.ts';
import { Button } from '#client/landing/ui.tsx';
import {
  billKinds,
  hasBill,
  uploadStatus,
  type BillKind,
  type BillNeeds,
  type Bills,
} from '#client/landing/bills.ts';
import { BillCard } from '#client/landing/components/bill-card.tsx';
import { StepHeading } from '#client/landing/components/step-heading.tsx';

const m = landingMsg;

interface Props {
  bills: Bills;
  needs: BillNeeds;
  /** Both luce and gas chosen: the single-document checkbox applies. */
  canCombine: boolean;
  capture: { kind: BillKind; page: number } | null;
  onCombinedChange: (value: boolean) => void;
  onFile: (kind: BillKind, file: File) => void;
  onStartCapture: (kind: BillKind) => void;
  onPhoto: (kind: BillKind, photo: File) => void;
  onCancelCapture: () => void;
  onRemove: (kind: BillKind) => void;
  onBack: () => void;
  onNext: () => void;
}

const TITLES: Record<BillKind, string> = {
  luce: 'Fattura Luce',
  gas: 'Fattura Gas',
  combined: 'Fattura Luce e Gas',
};

function Banner({ tone, children }: { tone: 'success' | 'info'; children: string }) {
  const Icon = tone === 'success' ? CheckCircle2 : Info;
  return (
    <p
      className={`flex items-start gap-2 rounded-lg p-3 text-sm ${tone === 'success' ? 'bg-green-50 text-green-900' : 'bg-amber-50 text-amber-900'}`}
    >
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

/** Step 3 (only with luce or gas): optional bills, by file or by camera. */
export function StepFatture(props: Props) {
  const { bills, needs, canCombine, capture } = props;
  const status = uploadStatus(bills, needs);
  const kinds = billKinds(needs);
  const isCapturing = capture != null;

  let banners: Array<{ tone: 'success' | 'info'; text: string }> = [];
  if (needs.combined && hasBill(bills.combined)) banners = [{ tone: 'success', text: m.bannerSingle }];
  else if (needs.luce && needs.gas && status === 'complete')
    banners = [{ tone: 'success', text: m.bannerBoth }];
  else if (needs.luce && needs.gas && status === 'partial') {
    banners = [{ tone: 'info', text: hasBill(bills.luce) ? m.bannerOnlyLuce : m.bannerOnlyGas }];
  }
  if (status === 'complete') banners.push({ tone: 'success', text: m.bannerThanks });

  const nextLabel = isCapturing
    ? m.photoInProgress
    : status === 'complete'
      ? m.step3Complete
      : status === 'partial'
        ? m.step3Partial
        : m.step3None;

  return (
    <section aria-labelledby="step-title" className="flex flex-col gap-5">
      <div id="step-title">
        <StepHeading optional={m.facoltativo}>{m.step3Title}</StepHeading>
      </div>
      <div className="-mt-2 flex flex-col items-center gap-1 text-center">
        <Button
          variant="link"
          size="auto"
          className="py-1 text-center whitespace-normal"
          disabled={isCapturing}
          onClick={props.onNext}
        >
          {m.step3Skip}
        </Button>
        <p className="text-sm text-muted-foreground">{m.step3SkipNote}</p>
      </div>

      {canCombine ? (
        <div className="flex items-center gap-3 rounded-lg border bg-card p-3">
          <input
            id="combined"
            type="checkbox"
            className="size-5 shrink-0 accent-primary"
            checked={needs.combined}
            disabled={isCapturing}
            onChange={(e) => props.onCombinedChange(e.target.checked)}
          />
          <label htmlFor="combined" className="text-sm leading-snug font-medium">
            {m.step3Combined}
          </label>
        </div>
      ) : null}

      <div className="flex flex-col gap-3" {...guideTarget('bills')}>
        {kinds.map((kind) => (
          <BillCard
            key={kind}
            kind={kind}
            title={TITLES[kind]}
            bill={bills[kind]}
            capturePage={capture?.kind === kind ? capture.page : null}
            disabled={isCapturing && capture?.kind !== kind}
            onFile={(file) => props.onFile(kind, file)}
            onStartCapture={() => props.onStartCapture(kind)}
            onPhoto={(photo) => props.onPhoto(kind, photo)}
            onCancelCapture={props.onCancelCapture}
            onRemove={() => props.onRemove(kind)}
          />
        ))}
      </div>

      <div aria-live="polite" className="flex flex-col gap-2" data-testid="upload-status">
        {banners.map((b) => (
          <Banner key={b.text} tone={b.tone}>
            {b.text}
          </Banner>
        ))}
      </div>

      <Button
        size="lg"
        className="w-full py-2 whitespace-normal"
        disabled={isCapturing}
        onClick={props.onNext}
        {...guideTarget('continue')}
      >
        {nextLabel}
      </Button>
      <Button variant="link" className="self-center" disabled={isCapturing} onClick={props.onBack}>
        {m.step3Back}
      </Button>
    </section>
  );
}
