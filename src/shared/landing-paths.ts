/**
 * The public landing's addresses, apart from permissions.ts so the landing's first load does not
 * carry the back-office's permission table and menu. permissions.ts `paths` uses these.
 */
export const landingPath = (code: string) => `/landing/${code}`;

/** The privacy notice as a page of its own, for the links in e-mails (docs/privacy.md#informativa). */
export const informativaPath = (code: string) => `${landingPath(code)}/informativa`;
