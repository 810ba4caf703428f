import { ApiError } from '#client/lib/api-client.ts';

/** Fetches a file with the session cookie and hands it to the browser as a download. */
export async function downloadFile(url: string, fallbackName: string): Promise<string> {
  const res = await fetch(url, { credentials: 'include' });
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    let serverMessage: string | undefined;
    try {
      serverMessage = (JSON.parse(text) as { message?: string }).message;
    } catch {
      /* not JSON */
    }
    throw new ApiError(
      res.status,
      serverMessage,
      text,
      `${res.status}: ${serverMessage ?? (text || res.statusText)}`,
    );
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return name;
}
