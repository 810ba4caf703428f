import { Fragment } from 'react';

/**
 * An e-mail that wraps only before its '@' when the line is too short (mario.rossi / @esempio.it),
 * never in the middle of a word; a part longer than the whole line still breaks (break-words).
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <span className="break-words">{email}</span>;
  return (
    <span className="break-words">
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}

/** A URL that wraps only after a '/', each part whole (the landing code `WE-…` is never cut). */
export function UrlText({ url }: { url: string }) {
  const parts = url.split(/(?<=\/)(?!\/)/);
  return (
    <span className="break-words">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          <span className="whitespace-nowrap">{part}</span>
        </Fragment>
      ))}
    </span>
  );
}
