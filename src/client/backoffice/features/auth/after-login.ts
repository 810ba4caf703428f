/**
 * A back-office page asked for while signed out (an e-mail's link to a lead) travels in the sign-in
 * page's address, `/auth?next=/leads/12`, and is opened after signing in.
 */
export function signInUrl(next: string): string {
  return `/auth?${new URLSearchParams({ next }).toString()}`;
}

/** The page to open after signing in: only a path of this site. */
export function afterLogin(search: string): string | undefined {
  const next = new URLSearchParams(search).get('next');
  return next && /^\/[\w\-/]*$/.test(next) && !next.startsWith('//') ? next : undefined;
}
