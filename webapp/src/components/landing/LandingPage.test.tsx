import { fireEvent, screen, within } from '@testing-library/react';
import en from '@locales/en.json';
import { renderWithIntl } from '@/test/render';
import { faqStructuredData, jsonForScript } from './faq';
import LandingPage from './LandingPage';

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

  it('lazy-loads the sized reel images with alternative texts', () => {
    const images = screen.getAllByRole('img', { name: /./ }).filter((img) => img.tagName === 'IMG');
    expect(images).toHaveLength(5);
    images.forEach((img) => {
      expect(img).toHaveAttribute('loading', 'lazy');
      expect(img).toHaveAttribute('width', '320');
      expect(img).toHaveAttribute('height', '200');
    });
  });

  it('describes the FAQ as structured data', () => {
    const script = document.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(script?.innerHTML ?? '{}');
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity).toHaveLength(8);
    expect(data.mainEntity[0].name).toBe(en.HomePage.faq.q1.question);
  });
});

describe('FAQ structured data', () => {
  it('cannot close its script tag', () => {
    const json = jsonForScript(faqStructuredData(() => '</script><script>alert(1)</script>'));
    expect(json).not.toContain('</script>');
  });
});
