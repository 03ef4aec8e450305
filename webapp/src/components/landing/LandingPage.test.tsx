import fs from 'node:fs';
import path from 'node:path';
import { fireEvent, screen, within } from '@testing-library/react';
import ar from '@locales/ar.json';
import en from '@locales/en.json';
import plansFR from '@/test/fixtures/api/plans-FR.json';
import { renderWithIntl } from '@/test/render';
import { HERO_ART } from './HeroArt';
import LandingPage from './LandingPage';

const PUBLIC = path.join(__dirname, '..', '..', '..', 'public');

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

describe('landing page (docs/product.md#screens)', () => {
  beforeEach(() => renderWithIntl(<LandingPage />));

  it('has one main heading and the two ratings', () => {
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.HomePage.hero.heading);
    expect(screen.getByText('4.7 on the App Store')).toBeInTheDocument();
    expect(screen.getByText('4.3 on Google Play')).toBeInTheDocument();
  });

  it('has an e-mail form in the header and at the foot', () => {
    expect(screen.getAllByRole('button', { name: en.HomePage.emailForm.submit })).toHaveLength(2);
  });

  it('has eight FAQ items that open one at a time', () => {
    const items = document.querySelectorAll('details.faq-item');
    expect(items).toHaveLength(8);
    fireEvent.click(screen.getByText(en.HomePage.faq.q2.question));
    (items[1] as HTMLDetailsElement).open = true;
    expect((items[0] as HTMLDetailsElement).open).toBe(false);
    expect((items[1] as HTMLDetailsElement).open).toBe(true);
  });

  it('has ten testimonials with arrows and dots', () => {
    const carousel = screen.getByRole('region', { name: en.HomePage.testimonials.heading });
    expect(within(carousel).getAllByRole('figure')).toHaveLength(10);
    expect(screen.getByRole('button', { name: en.HomePage.testimonials.prev })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Show page 1' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('links each app card to its product page on this site', () => {
    expect(screen.getByRole('link', { name: 'Discover Videos and cartoons' })).toHaveAttribute(
      'href',
      '/lumo-tv',
    );
    expect(screen.getByRole('link', { name: 'Discover Stories and reading' })).toHaveAttribute(
      'href',
      '/lumo-stories',
    );
    expect(screen.getByRole('link', { name: 'Discover Games' })).toHaveAttribute(
      'href',
      '/lumo-games',
    );
  });

  it("shows the three apps' screens, sized and lazily loaded, with alternative texts", () => {
    const images = screen
      .getAllByRole('img', { name: /./ })
      .filter((img) => img.tagName === 'IMG' && img.closest('.reel'));
    expect(images.map((img) => img.getAttribute('alt'))).toEqual([
      en.HomePage.reel.tv,
      en.HomePage.reel.stories,
      en.HomePage.reel.games,
    ]);
    images.forEach((img, i) => {
      expect(img).toHaveAttribute('src', `/landing/app-${['tv', 'stories', 'games'][i]}.svg`);
      expect(img).toHaveAttribute('loading', 'lazy');
      expect(img).toHaveAttribute('width', '360');
      expect(img).toHaveAttribute('height', '240');
    });
  });

  it('shows the hero illustration as an early, sized image with its alternative text', () => {
    const art = screen.getByRole('img', { name: en.HomePage.art.hero });
    expect(art.tagName.toLowerCase()).toBe('img');
    expect(art).toHaveAttribute('src', HERO_ART.src);
    expect(art).toHaveAttribute('width', '480');
    expect(art).toHaveAttribute('height', '400');
    expect(art).toHaveAttribute('fetchpriority', 'high'); // above the fold: not lazy, asked for first
    expect(art).not.toHaveAttribute('loading');
  });

  it("serves the hero illustration as a word-free SVG of the image's size", () => {
    const svg = fs.readFileSync(path.join(PUBLIC, HERO_ART.src), 'utf8');
    expect(svg).toMatch(
      new RegExp(
        `^<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${HERO_ART.width} ${HERO_ART.height}" width="${HERO_ART.width}" height="${HERO_ART.height}">`,
      ),
    );
    expect(svg).not.toMatch(/<(text|script|image|foreignObject)\b/); // no words, nothing loaded
    expect(svg.trim().endsWith('</svg>')).toBe(true);
  });

  it('says how many parents trust Lumo, with the number in the page language', () => {
    expect(screen.getByText('500,000 parents trust Lumo')).toBeInTheDocument();
  });

  it('shows no prices when the API gave none', () => {
    expect(screen.queryByRole('heading', { name: en.HomePage.prices.heading })).toBeNull();
  });

  it('shows the eight questions, without FAQPage structured data (docs/web-speed.md)', () => {
    expect(document.querySelectorAll('.faq-item')).toHaveLength(8);
    expect(screen.getByText(en.HomePage.faq.q1.question)).toBeInTheDocument();
    expect(document.querySelector('script[type="application/ld+json"]')).toBeNull();
  });
});

describe('landing page prices (from the API, never computed here; docs/billing.md#one-price-truth)', () => {
  // The API's own answer for France (tests/bff/test_web_fixtures.py): the single-app plan's figures.
  const price = plansFR.registerPrice;

  it('are the figures of a plan on sale', () => {
    const single = plansFR.monthly_plan.find((plan) => plan.planId === 'lumo_tv_monthly_eur');
    expect([price.monthlyPrice, price.yearlyPrice]).toEqual([single?.price, single?.yearlyPrice]);
  });

  it("shows the API's amounts, formatted for the page language", () => {
    renderWithIntl(<LandingPage price={price} />);
    const section = screen.getByRole('region', { name: en.HomePage.prices.heading });
    expect(within(section).getByText('From €4.99 a month')).toBeInTheDocument();
    expect(
      within(section).getByText('or €34.90 a year: €3.00 a month, you save €24.98'),
    ).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: en.HomePage.prices.cta })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('writes them the Arabic way in Arabic', () => {
    renderWithIntl(
      <LandingPage price={{ ...price, currency: 'USD', monthlyPrice: '7.99' }} />,
      'ar',
    );
    const expected = new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD' }).format(
      7.99,
    );
    expect(document.querySelector('.price-main')?.textContent).toBe(
      ar.HomePage.prices.from.replace('{price}', expected),
    );
  });
});
