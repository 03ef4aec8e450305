import { screen, within } from '@testing-library/react';
import en from '@locales/en.json';
import ru from '@locales/ru.json';
import { PRODUCT_APPS } from '@/components/layout/site-pages';
import { renderInLocale } from '@/test/render-locale';
import LearningView from './LearningView';

const t = en.LearningPage;

describe('/learning (docs/product.md#screens)', () => {
  beforeEach(() => renderInLocale(<LearningView />, 'en'));

  it('has one main heading and sections in heading order', () => {
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      t.title,
    ]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      t.apps.heading,
      t.ages.heading,
      t.controls.heading,
      t.cta.heading,
    ]);
  });

  it.each([
    ['tv', 'Age bands: 3 to 5 years and 6 to 8 years', '/lumo-tv'],
    ['stories', 'Age bands: 3 to 6 years and 7 to 10 years', '/lumo-stories'],
    ['games', 'Age bands: 3 to 6 years and 7 to 10 years', '/lumo-games'],
  ] as const)(
    'tells what children learn in %s, for which ages, and links to its page',
    (app, bands, href) => {
      const card = screen
        .getByRole('heading', { level: 3, name: t.apps[app].title })
        .closest('li') as HTMLElement;
      const points = within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
      expect(points).toEqual([t.apps[app].p1, t.apps[app].p2, t.apps[app].p3]);
      expect(card).toHaveTextContent(bands);
      expect(within(card).getByRole('link', { name: t.apps[app].link })).toHaveAttribute(
        'href',
        href,
      );
    },
  );

  it('names the reading helps of the Stories app and the five kinds of games', () => {
    expect(t.apps.stories.text).toContain('900 stories');
    expect(`${t.apps.stories.p1} ${t.apps.stories.p2} ${t.apps.stories.p3}`).toMatch(
      /quiz.*dyslexia.*syllables.*Narration/s,
    );
    expect(`${t.apps.games.p1} ${t.apps.games.p2} ${t.apps.games.p3}`).toMatch(
      /Logic.*memory.*Creativity.*Casual.*multiplayer/s,
    );
  });

  it('lists the four parental controls and links to their questions', () => {
    const controls = screen.getByRole('region', { name: t.controls.heading });
    expect(
      within(controls)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      t.controls.timeLimit.title,
      t.controls.contentType.title,
      t.controls.ageFilter.title,
      t.controls.language.title,
    ]);
    expect(within(controls).getByRole('link', { name: t.controls.faqLink })).toHaveAttribute(
      'href',
      '/faq#settings',
    );
  });

  it('ends with the free-trial call to action', () => {
    const cta = screen.getByRole('region', { name: t.cta.heading });
    expect(within(cta).getByText(en.HomePage.hero.trial)).toBeInTheDocument();
    expect(within(cta).getByRole('link', { name: en.HomePage.emailForm.submit })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('has a card for each app', () => {
    expect(
      screen.getByRole('region', { name: t.apps.heading }).querySelectorAll('.service-card'),
    ).toHaveLength(PRODUCT_APPS.length);
  });
});

it('renders in Russian with Russian age bands and prefixed links', () => {
  renderInLocale(<LearningView />, 'ru');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(ru.LearningPage.title);
  expect(screen.getByText('Возрастные группы: 3–5 лет и 6–8 лет')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: ru.LearningPage.apps.games.link })).toHaveAttribute(
    'href',
    '/ru/lumo-games',
  );
});
