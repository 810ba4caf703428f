import { landingMsg } from '#shared/messages-landing.ts';

/** The 4-dot progress indicator above the wizard's steps. */
export function ProgressDots({ step }: { step: number }) {
  return (
    <div
      className="flex items-center justify-center gap-2"
      role="img"
      aria-label={landingMsg.stepOf(step)}
      data-testid="progress-dots"
    >
      {[1, 2, 3, 4].map((i) => (
        <span
          key={i}
          aria-hidden
          className={`h-2.5 rounded-full ${i === step ? 'w-8 bg-primary' : i < step ? 'w-2.5 bg-primary/60' : 'w-2.5 bg-slate-300'}`}
        />
      ))}
    </div>
  );
}
