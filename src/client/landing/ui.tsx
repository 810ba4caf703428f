import type { ComponentProps } from 'react';

/**
 * The landing's few primitives. Same look as components/ui, without tailwind-merge, cva and
 * Radix: the customer's phone downloads only what the wizard uses (docs/decisions/003-landing.md).
 */
export const cx = (...classes: Array<string | false | null | undefined>) => classes.filter(Boolean).join(' ');

type Variant = 'default' | 'outline' | 'ghost' | 'link';

const BASE =
  'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0';
const VARIANTS: Record<Variant, string> = {
  default: 'bg-primary text-primary-foreground hover:bg-primary/90',
  outline: 'border border-input bg-card hover:bg-muted',
  ghost: 'hover:bg-muted',
  link: 'text-primary underline-offset-4 hover:underline',
};

/** Height, padding and type size: one per button, so no two classes fight over a property. */
const SIZES = {
  md: 'h-10 px-4 text-sm',
  lg: 'min-h-12 px-4 text-base',
  /** Two side by side on a 360 px phone. */
  half: 'h-12 px-2 text-sm',
  auto: 'px-2 text-sm',
} as const;
type Size = keyof typeof SIZES;

export function buttonClass(variant: Variant = 'default', size: Size = 'md') {
  return cx(BASE, VARIANTS[variant], SIZES[size]);
}

/** No class merging here: callers add only classes that do not conflict with variant and size. */
export function Button({
  variant = 'default',
  size = 'md',
  className,
  type,
  ...props
}: ComponentProps<'button'> & { variant?: Variant; size?: Size }) {
  return <button type={type ?? 'button'} className={cx(buttonClass(variant, size), className)} {...props} />;
}

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cx(
        'flex h-12 w-full rounded-md border border-input bg-card px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-[invalid=true]:border-destructive',
        className,
      )}
      {...props}
    />
  );
}

/** A field's error, announced by screen readers and tied to the input by id. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-destructive">
      {message}
    </p>
  );
}
