/**
 * A value built the first time it is asked for. Used for the Intl formatters: the first one a
 * page builds loads its locale's data, about 25–45 ms on a mid-range phone, which a page that
 * formats nothing while it starts (the sign-in) should not pay
 * (docs/primo-caricamento.md).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
