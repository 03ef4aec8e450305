// The hero illustration: a screen, a book and a game pad, drawn inline (no request, no layout shift).
export default function HeroArt() {
  return (
    <svg
      className="hero-art"
      viewBox="0 0 400 320"
      width="400"
      height="320"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="200" cy="160" r="150" fill="#ffe9a8" />
      <circle cx="330" cy="60" r="18" fill="#ffc94d" />
      <circle cx="60" cy="250" r="12" fill="#8fd3c1" />
      <rect x="95" y="70" width="210" height="140" rx="18" fill="#5a3fd1" />
      <rect x="110" y="85" width="180" height="110" rx="10" fill="#fff" />
      <path d="M185 112v56l46-28z" fill="#e86a33" />
      <rect x="180" y="212" width="40" height="16" rx="4" fill="#5a3fd1" />
      <path d="M30 236q30-12 60 0v56q-30-12-60 0z" fill="#1f8a70" />
      <path d="M150 236q-30-12-60 0v56q30-12 60 0z" fill="#2aa886" />
      <path
        d="M44 252h32M44 266h32M104 252h32M104 266h32"
        stroke="#e6fff7"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <rect x="270" y="230" width="110" height="56" rx="28" fill="#2b6cb0" />
      <path d="M298 248v20M288 258h20" stroke="#fff" strokeWidth="6" strokeLinecap="round" />
      <circle cx="346" cy="252" r="6" fill="#ffc94d" />
      <circle cx="358" cy="266" r="6" fill="#ffc94d" />
    </svg>
  );
}
