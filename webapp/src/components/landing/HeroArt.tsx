import { useTranslations } from 'next-intl';

// The hero illustration, drawn inline so the first paint needs no request: Lumo (the glowing
// mascot) waves beside a tablet playing a cartoon while Hoot the owl reads. Sized by its width and
// height attributes, so nothing moves while the page loads.
export default function HeroArt() {
  const t = useTranslations('HomePage.art');
  return (
    <svg
      className="hero-art"
      viewBox="0 0 480 400"
      width="480"
      height="400"
      role="img"
      aria-label={t('hero')}
      focusable="false"
    >
      <path
        d="M240 30c110 0 210 60 210 170s-90 180-210 180S24 320 30 200 130 30 240 30z"
        fill="#ffe9a8"
      />
      <circle cx="404" cy="70" r="16" fill="#ffc94d" />
      <circle cx="70" cy="90" r="8" fill="#8fd3c1" />
      <circle cx="440" cy="250" r="7" fill="#b9a8ff" />
      <path d="M96 52l4 9 10 1-7 7 2 10-9-5-9 5 2-10-7-7 10-1z" fill="#ffc94d" />
      <rect x="120" y="92" width="250" height="172" rx="22" fill="#2b2168" />
      <rect x="134" y="106" width="222" height="144" rx="12" fill="#8fd3f4" />
      <path
        d="M134 212q50-22 100-6t122-8v40a12 12 0 0 1-12 12H146a12 12 0 0 1-12-12z"
        fill="#5cb85c"
      />
      <circle cx="320" cy="134" r="13" fill="#ffe27a" />
      <path d="M164 140q10-8 20 0q8-6 16 2h-42q0-4 6-2z" fill="#fff" />
      <ellipse cx="214" cy="206" rx="24" ry="19" fill="#f08a3c" />
      <path d="M194 194l-6-19 17 11zM234 194l6-19-17 11z" fill="#f08a3c" />
      <path d="M201 210q13 11 26 0q-13 7-26 0z" fill="#fff" />
      <circle cx="206" cy="201" r="3" fill="#1d1747" />
      <circle cx="222" cy="201" r="3" fill="#1d1747" />
      <circle cx="214" cy="207" r="2.4" fill="#1d1747" />
      <circle cx="282" cy="178" r="22" fill="#fff" opacity=".92" />
      <path d="M275 167v22l19-11z" fill="#5a3fd1" />
      <rect x="230" y="256" width="30" height="4" rx="2" fill="#4a3d99" />
      <g>
        <path d="M380 300q0-28 20-30h28q20 2 20 30v30q0 10-10 10h-48q-10 0-10-10z" fill="#1f8a70" />
        <path d="M372 300h84l-6 10h-72z" fill="#2aa886" />
        <path d="M376 318h76M376 330h76" stroke="#e6fff7" strokeWidth="3" />
        <ellipse cx="414" cy="262" rx="34" ry="36" fill="#8a5a3b" />
        <path d="M384 236l6-18 14 12zM444 236l-6-18-14 12z" fill="#8a5a3b" />
        <ellipse cx="414" cy="272" rx="22" ry="22" fill="#e8c39e" />
        <circle cx="401" cy="254" r="11" fill="#fff" />
        <circle cx="427" cy="254" r="11" fill="#fff" />
        <circle cx="403" cy="255" r="5" fill="#1d1747" />
        <circle cx="425" cy="255" r="5" fill="#1d1747" />
        <circle cx="405" cy="253" r="1.6" fill="#fff" />
        <circle cx="427" cy="253" r="1.6" fill="#fff" />
        <path d="M408 266l6 8 6-8z" fill="#e86a33" />
        <path
          d="M386 282q-6 14 4 22M442 282q6 14-4 22"
          stroke="#6e4529"
          strokeWidth="8"
          fill="none"
          strokeLinecap="round"
        />
        <path
          d="M386 298q28-14 56 0v14q-28-10-56 0z"
          fill="#fff"
          stroke="#d6efe6"
          strokeWidth="2"
        />
        <path d="M414 292v18" stroke="#d6efe6" strokeWidth="2" />
      </g>
      <g>
        <path d="M96 228l-4-24" stroke="#b7791f" strokeWidth="4" strokeLinecap="round" />
        <circle cx="91" cy="198" r="9" fill="#fff6c2" />
        <circle cx="91" cy="198" r="5" fill="#ffc94d" />
        <path d="M60 300q-8 30 10 50h70q18-20 10-50z" fill="#ffc94d" />
        <circle cx="105" cy="282" r="56" fill="#ffc94d" />
        <circle cx="105" cy="282" r="44" fill="#ffd966" />
        <ellipse cx="88" cy="276" rx="10" ry="12" fill="#fff" />
        <ellipse cx="122" cy="276" rx="10" ry="12" fill="#fff" />
        <circle cx="90" cy="279" r="6" fill="#1d1747" />
        <circle cx="120" cy="279" r="6" fill="#1d1747" />
        <circle cx="92" cy="276" r="2" fill="#fff" />
        <circle cx="122" cy="276" r="2" fill="#fff" />
        <circle cx="74" cy="298" r="7" fill="#ff9f8a" opacity=".7" />
        <circle cx="136" cy="298" r="7" fill="#ff9f8a" opacity=".7" />
        <path
          d="M94 300q11 12 22 0"
          stroke="#1d1747"
          strokeWidth="4"
          fill="none"
          strokeLinecap="round"
        />
        <path
          d="M156 270q20-16 30-40"
          stroke="#ffc94d"
          strokeWidth="14"
          fill="none"
          strokeLinecap="round"
        />
        <circle cx="187" cy="226" r="11" fill="#ffc94d" />
        <path
          d="M56 292q-18 14-16 34"
          stroke="#ffc94d"
          strokeWidth="14"
          fill="none"
          strokeLinecap="round"
        />
        <ellipse cx="84" cy="352" rx="18" ry="8" fill="#e8a92e" />
        <ellipse cx="128" cy="352" rx="18" ry="8" fill="#e8a92e" />
      </g>
      <path d="M206 60l3 7 8 1-6 5 2 8-7-4-7 4 2-8-6-5 8-1z" fill="#b9a8ff" />
      <path
        d="M470 150l-4 8M474 170l-9 1M200 364q30 10 60 0"
        stroke="#e8c36b"
        strokeWidth="4"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}
