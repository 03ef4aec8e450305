import { fireEvent, screen, within } from '@testing-library/react';
import ar from '@locales/ar.json';
import en from '@locales/en.json';
import { renderInLocale } from '@/test/render-locale';
import { FAQ_QUESTIONS, FAQ_SECTIONS } from './faq';
import FaqView from './FaqView';

const sections = en.FaqPage.sections;

function headingLevels() {
  return screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
}

describe('/faq (docs/product.md#screens)', () => {
  it('has one main heading and the three sections in order', () => {
    renderInLocale(<FaqView />, 'en');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.FaqPage.title);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      sections.settings.heading,
      sections.account.heading,
      sections.general.heading,
      en.FaqPage.contact.heading,
    ]);
    const levels = headingLevels();
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1));
  });

  it.each(FAQ_SECTIONS)('the %s section holds its own six questions, all closed', (section) => {
    renderInLocale(<FaqView />, 'en');
    const region = screen.getByRole('region', { name: sections[section].heading });
    const items = region.querySelectorAll('details');
    expect(items).toHaveLength(FAQ_QUESTIONS.length);
    FAQ_QUESTIONS.forEach((q, i) => {
      expect(items[i].querySelector('summary')).toHaveTextContent(sections[section][q].question);
      expect(within(region).getByText(sections[section][q].answer)).not.toBeVisible();
    });
  });

  it('opens and closes each question on its own', () => {
    renderInLocale(<FaqView />, 'en');
    const question = screen.getByText(sections.account.q3.question);
    const item = question.closest('details') as HTMLDetailsElement;
    fireEvent.click(question);
    item.open = true; // jsdom has no summary activation behaviour; the browser toggles <details> itself
    expect(screen.getByText(sections.account.q3.answer)).toBeVisible();
    expect(screen.getByText(sections.account.q2.answer)).not.toBeVisible();
    expect(screen.getByText(sections.settings.q3.answer)).not.toBeVisible();
    item.open = false;
    expect(screen.getByText(sections.account.q3.answer)).not.toBeVisible();
  });

  it('lets the visitor jump to a section and reach the contact page', () => {
    renderInLocale(<FaqView />, 'en');
    const topics = screen.getByRole('navigation', { name: en.FaqPage.topicsLabel });
    expect(
      within(topics)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['#settings', '#account', '#general']);
    FAQ_SECTIONS.forEach((section) =>
      expect(document.getElementById(section)).toHaveAttribute(
        'aria-labelledby',
        `${section}-title`,
      ),
    );
    expect(screen.getByRole('link', { name: en.FaqPage.contact.link })).toHaveAttribute(
      'href',
      '/contact',
    );
  });

  it('keeps the answers in line with the product facts', () => {
    expect(sections.account.q1.answer).toContain('7 days');
    expect(sections.account.q2.answer).toContain('3 devices');
    expect(sections.account.q3.answer).toMatch(/until the end of the period/);
    expect(sections.settings.q5.answer).toContain('6');
    expect(sections.general.q3.answer).toContain('backpack');
  });

  it('shows every question, without FAQPage structured data (docs/web-speed.md)', () => {
    renderInLocale(<FaqView />, 'en');
    expect(document.querySelectorAll('details')).toHaveLength(
      FAQ_SECTIONS.length * FAQ_QUESTIONS.length,
    );
    expect(screen.getByText(sections.general.q6.question)).toBeInTheDocument();
    expect(document.querySelector('script[type="application/ld+json"]')).toBeNull();
  });

  it('renders in Arabic with the Arabic texts and the prefixed contact link', () => {
    renderInLocale(<FaqView />, 'ar');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(ar.FaqPage.title);
    expect(screen.getByText(ar.FaqPage.sections.general.q2.question)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ar.FaqPage.contact.link })).toHaveAttribute(
      'href',
      '/ar/contact',
    );
  });
});
