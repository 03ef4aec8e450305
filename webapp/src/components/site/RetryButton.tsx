'use client';

/** Loads the address again: the page itself once maintenance is over, the maintenance page until then. */
export default function RetryButton({ label, className }: { label: string; className?: string }) {
  return (
    <button type="button" className={className} onClick={() => window.location.reload()}>
      {label}
    </button>
  );
}
