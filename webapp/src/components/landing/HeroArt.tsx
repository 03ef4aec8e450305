import { useTranslations } from 'next-intl';

// The hero illustration (public/landing/hero.svg, drawn in this repository): Lumo (the glowing
// mascot) waves beside a tablet playing a cartoon while Hoot the owl reads. An image rather than
// inline markup: drawn inline, its 60 shapes travelled twice in every landing page (HTML and page
// data) and were hydrated; as a file it is cached once (docs/web-speed.md, "Hero illustration").
// Sized by its width and height, so nothing moves while it loads; the image has no words, its
// text is the localized alternative text.
export const HERO_ART = { src: '/landing/hero.svg', width: 480, height: 400 } as const;

export default function HeroArt() {
  const t = useTranslations('HomePage.art');
  return (
    // eslint-disable-next-line @next/next/no-img-element -- a small local SVG needs no optimiser
    <img
      className="hero-art"
      src={HERO_ART.src}
      alt={t('hero')}
      width={HERO_ART.width}
      height={HERO_ART.height}
      fetchPriority="high"
    />
  );
}
