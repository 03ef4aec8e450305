import { fireEvent, screen } from '@testing-library/react';
import en from '@locales/en.json';
import { renderWithIntl } from '@/test/render';
import PlanPopup from './PlanPopup';
import PricingCard from './PricingCard';
import { PLANS_CH, PLANS_FR } from './test-plans';

const all = { period: 'P1Y' as const, apps: ['tv' as const, 'books' as const, 'games' as const] };

describe('PlanPopup', () => {
  it.each([
    ['a period', () => fireEvent.click(screen.getByRole('radio', { name: 'Monthly' })), 'P1M', 3],
    [
      'an app',
      () => fireEvent.click(screen.getByRole('checkbox', { name: en.Plans.lumo_books })),
      'P1Y',
      2,
    ],
  ] as const)(
    'in choose mode, choosing %s chooses the plan and closes the popup',
    (_, act, period, apps) => {
      const onSelect = jest.fn();
      const onClose = jest.fn();
      renderWithIntl(
        <PlanPopup
          mode="choose"
          plans={PLANS_FR}
          selected={all}
          onSelect={onSelect}
          onClose={onClose}
        />,
      );
      act();
      expect(onSelect).toHaveBeenCalledTimes(1);
      expect(onSelect.mock.calls[0][0].period).toBe(period);
      expect(onSelect.mock.calls[0][0].apps).toHaveLength(apps);
      expect(onClose).toHaveBeenCalled();
    },
  );

  it('in choose mode, the button chooses the plan shown and closes the popup', () => {
    const onSelect = jest.fn();
    const onClose = jest.fn();
    renderWithIntl(
      <PlanPopup
        mode="choose"
        plans={PLANS_FR}
        selected={all}
        onSelect={onSelect}
        onClose={onClose}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: en.PlanPopup.choose }));
    expect(onSelect).toHaveBeenCalledWith(all);
    expect(onClose).toHaveBeenCalled();
  });

  it('in choose mode, taking away the last app keeps the popup open and asks for one', () => {
    const onSelect = jest.fn();
    const onClose = jest.fn();
    renderWithIntl(
      <PlanPopup
        mode="choose"
        plans={PLANS_FR}
        selected={{ period: 'P1M', apps: ['tv'] }}
        onSelect={onSelect}
        onClose={onClose}
      />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: en.Plans.lumo_tv }));
    expect(onSelect).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByText(en.PlanPopup.pickOneApp)).toBeInTheDocument();
  });

  it('in change mode, the confirm button confirms and leaves closing to the page', () => {
    const onConfirm = jest.fn();
    const onClose = jest.fn();
    const onSelect = jest.fn();
    renderWithIntl(
      <PlanPopup
        mode="change"
        plans={PLANS_FR}
        selected={all}
        onSelect={onSelect}
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: en.Plans.lumo_games }));
    fireEvent.click(screen.getByRole('button', { name: en.PlanPopup.confirm }));
    expect(onConfirm).toHaveBeenCalledWith({ period: 'P1Y', apps: ['tv', 'books'] });
    expect(onClose).not.toHaveBeenCalled();
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('shows the add-on prices and the yearly savings', () => {
    renderWithIntl(
      <PlanPopup
        mode="choose"
        plans={PLANS_FR}
        selected={all}
        onSelect={jest.fn()}
        onClose={jest.fn()}
      />,
    );
    expect(screen.getByText('Second app: +€21.00. Third app: +€15.00.')).toBeInTheDocument();
    expect(screen.getByText('You save €48.98 a year')).toBeInTheDocument();
    expect(screen.getByText('That is €6.00 a month')).toBeInTheDocument();
  });

  it('cannot be confirmed without an app', () => {
    renderWithIntl(
      <PlanPopup
        mode="choose"
        plans={PLANS_FR}
        selected={{ period: 'P1M', apps: ['tv'] }}
        onSelect={jest.fn()}
        onClose={jest.fn()}
      />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: en.Plans.lumo_tv }));
    expect(screen.getByText(en.PlanPopup.pickOneApp)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.PlanPopup.choose })).toBeDisabled();
  });

  it('is a modal dialog that Escape and the close button close', () => {
    const onClose = jest.fn();
    renderWithIntl(
      <PlanPopup
        mode="choose"
        plans={PLANS_FR}
        selected={all}
        onSelect={jest.fn()}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: en.PlanPopup.title });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: en.PlanPopup.close }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('PricingCard', () => {
  it('shows the selection, its price and opens the popup', () => {
    const onOpen = jest.fn();
    renderWithIntl(
      <PricingCard plans={PLANS_FR} selection={all} onOpen={onOpen} note="7 days free" />,
    );
    expect(screen.getByText(en.Plans.lumo_tv_books_games)).toBeInTheDocument();
    expect(screen.getByText('€70.90 / year')).toBeInTheDocument();
    expect(screen.getByText('7 days free')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: en.PricingCard.change }));
    expect(onOpen).toHaveBeenCalled();
  });

  it('renders the figures the API quotes: price, monthly equivalent, savings', () => {
    renderWithIntl(<PricingCard plans={PLANS_CH} selection={all} onOpen={jest.fn()} />);
    const text = document.querySelector('.pricing-card')!.textContent!.replace(/\u00a0/g, ' ');
    expect(text).toContain('CHF 99.90 / year');
    expect(text).toContain('CHF 8.40');
    expect(text).toContain('CHF 66.90');
  });

  it('shows no savings badge when the API quotes none', () => {
    const bundles = PLANS_FR.bundles.map((b) => ({ ...b, yearlySavings: null }));
    const { container } = renderWithIntl(
      <PricingCard plans={{ ...PLANS_FR, bundles }} selection={all} onOpen={jest.fn()} />,
    );
    expect(container.querySelector('.badge')).toBeNull();
  });

  it('shows a loader while the prices load, and a retry when they fail', () => {
    const onRetry = jest.fn();
    const { unmount } = renderWithIntl(
      <PricingCard plans={null} selection={all} onOpen={jest.fn()} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(en.PricingCard.loading);
    unmount();
    renderWithIntl(
      <PricingCard plans={null} selection={all} onOpen={jest.fn()} failed onRetry={onRetry} />,
    );
    fireEvent.click(screen.getByRole('button', { name: en.PricingCard.retry }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('while loading, keeps the lines of the card it becomes, so nothing below it moves', () => {
    const lines = (card: Element) =>
      [...card.children].map((line) => line.className.replace(' skeleton-badge', ''));
    const { container, unmount } = renderWithIntl(
      <PricingCard plans={null} selection={all} onOpen={jest.fn()} note="7 days free" />,
    );
    const loading = lines(container.querySelector('.pricing-card')!);
    expect(screen.getByText(en.Plans.lumo_tv_books_games)).toBeInTheDocument();
    expect(screen.getByText('7 days free')).toBeInTheDocument();
    unmount();
    const loaded = renderWithIntl(
      <PricingCard plans={PLANS_FR} selection={all} onOpen={jest.fn()} note="7 days free" />,
    );
    expect(lines(loaded.container.querySelector('.pricing-card')!)).toEqual(loading);
  });
});
