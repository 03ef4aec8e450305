// Decorative pictures of the site notices (aria-hidden: the headings say it all).

/** Lumo's sun face with a spanner: "a little maintenance". */
export function MaintenanceArt({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 120 120"
      width="120"
      height="120"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="60" cy="60" r="56" fill="#efeafd" />
      <circle cx="54" cy="62" r="34" fill="#ffc94d" />
      <circle cx="43" cy="55" r="4.5" fill="#1f2340" />
      <circle cx="65" cy="55" r="4.5" fill="#1f2340" />
      <path
        d="M41 72q13 10 26 0"
        fill="none"
        stroke="#1f2340"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <circle cx="88" cy="86" r="22" fill="#fff" />
      {/* A spanner (Material Design's "build" icon, Apache-2.0), 24 units scaled to 32. */}
      <path
        transform="translate(72 70) scale(1.33)"
        d="M22.7 19l-9.1-9.1c.9-2.3.4-5-1.5-6.9-2-2-5-2.4-7.4-1.3L9 6 6 9 1.6 4.7C.4 7.1.9 10.1 2.9 12.1c1.9 1.9 4.6 2.4 6.9 1.5l9.1 9.1c.4.4 1 .4 1.4 0l2.3-2.3c.5-.4.5-1.1.1-1.4z"
        fill="#5a3fd1"
      />
    </svg>
  );
}

/** A wrapped present. */
export function GiftArt({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 96 96"
      width="88"
      height="88"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="48" cy="48" r="46" fill="#efeafd" />
      <rect x="22" y="42" width="52" height="34" rx="4" fill="#5a3fd1" />
      <rect x="18" y="32" width="60" height="14" rx="4" fill="#7a61e8" />
      <rect x="44" y="32" width="8" height="44" fill="#ffc94d" />
      <path
        d="M48 32c-6-12-20-12-18-3 1 5 10 5 18 3zM48 32c6-12 20-12 18-3-1 5-10 5-18 3z"
        fill="#ffc94d"
      />
    </svg>
  );
}

/** The header's logo mark, for pages shown without the header. */
export function LogoMark() {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="#ffc94d" />
      <circle cx="11.5" cy="13" r="2" fill="#1f2340" />
      <circle cx="20.5" cy="13" r="2" fill="#1f2340" />
      <path
        d="M10 19q6 6 12 0"
        fill="none"
        stroke="#1f2340"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
    </svg>
  );
}
