const KEY = 'ws_after_login';

/** A back-office page asked for while signed out (an e-mail's link to a lead): opened after sign-in. */
export function rememberAfterLogin(path: string) {
  sessionStorage.setItem(KEY, path);
}

/** The page to open after signing in, once; only a path of this site. */
export function takeAfterLogin(): string | undefined {
  const path = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return path && path.startsWith('/') && !path.startsWith('//') ? path : undefined;
}
