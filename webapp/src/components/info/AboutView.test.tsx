import { screen, within } from '@testing-library/react';
import de from '@locales/de.json';
import en from '@locales/en.json';
import { renderInLocale } from '@/test/render-locale';
import AboutView from './AboutView';

const t = en.AboutPage;

describe('/about (docs/product.md#screens)', () => {
  beforeEach(() => renderInLocale(<AboutView />, 'en'));

  it('has one main heading and sections in heading order', () => {
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      t.title,
    ]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      t.story.heading,
      t.figures.heading,
      t.promises.heading,
      t.contact.heading,
    ]);
  });

  it('makes the four promises', () => {
    const promises = screen.getByRole('region', { name: t.promises.heading });
    expect(
      within(promises)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      t.promises.noAds.title,
      t.promises.noDataSale.title,
      t.promises.profiles.title,
      t.promises.safeContent.title,
    ]);
    expect(within(promises).getByText(t.promises.safeContent.text)).toBeInTheDocument();
  });

  it('shows the figures, with about 500,000 parents first', () => {
    const figures = within(screen.getByRole('region', { name: t.figures.heading })).getAllByRole(
      'listitem',
    );
    expect(figures).toHaveLength(4);
    expect(figures[0].querySelector('strong')).toHaveTextContent('About 500,000');
    expect(figures[0]).toHaveTextContent('About 500,000 parents trust Lumo');
    expect(figures[0].innerHTML).not.toContain('&lt;strong');
  });

  it('links to the contact and learning pages', () => {
    expect(screen.getByRole('link', { name: t.contact.link })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: t.learningLink })).toHaveAttribute('href', '/learning');
  });
});

it('links to the German contact page in German', () => {
  renderInLocale(<AboutView />, 'de');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(de.AboutPage.title);
  expect(screen.getByRole('link', { name: de.AboutPage.contact.link })).toHaveAttribute(
    'href',
    '/de/contact',
  );
});
