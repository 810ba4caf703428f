import { useEffect, useRef, type ReactNode } from 'react';

/** Each step's title: focused when the step appears, so screen readers and keyboards start there. */
export function StepHeading({
  children,
  optional,
  focusOnMount = true,
}: {
  children: ReactNode;
  optional?: string;
  focusOnMount?: boolean;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus({ preventScroll: false });
  }, [focusOnMount]);
  return (
    <div className="flex flex-col items-center gap-2 text-center">
      {optional ? (
        <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-semibold tracking-wide text-muted-foreground">
          {optional}
        </span>
      ) : null}
      <h1 ref={ref} tabIndex={-1} className="text-2xl leading-tight font-bold outline-none">
        {children}
      </h1>
    </div>
  );
}
