/** The WINSOLUTION mark, inline so it paints with the first byte of HTML. No cn(): the landing stays light. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden className={className ?? 'size-10'}>
      <rect width="64" height="64" rx="14" fill="#1d4ed8" />
      <path d="M12 18h8l5 20 6-20h6l6 20 5-20h8l-9 30h-7l-6-19-6 19h-7z" fill="#fff" />
    </svg>
  );
}
