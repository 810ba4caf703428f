import { paths } from '#shared/paths.ts';

/**
 * Where the sign-in sends the user afterwards: the back-office page they were on (a shared
 * link, or a session that expired mid-use), carried as `/auth?next=…`. Only a path of this
 * site is accepted, never another origin.
 */
export function signInPathFor(location: string, search: string): string {
  const next = search ? `${location}?${search}` : location;
  return next === paths.home ? paths.auth : `${paths.auth}?next=${encodeURIComponent(next)}`;
}

export function returnPathFrom(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return paths.home;
  if (next === paths.auth || next.startsWith(`${paths.auth}?`)) return paths.home;
  return next;
}
