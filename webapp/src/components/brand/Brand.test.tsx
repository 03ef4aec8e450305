import { screen, within } from '@testing-library/react';
import ar from '@locales/ar.json';
import en from '@locales/en.json';
import { renderWithIntl } from '@/test/render';
import CardBrands from './CardBrands';
import RatingBadge, { starFill } from './RatingBadge';
import SecurePayment from './SecurePayment';
import StoreBadge from './StoreBadge';

describe('trust signals', () => {
  it('names each accepted card network beside its logo', () => {
    renderWithIntl(<CardBrands />);
    const list = screen.getByRole('list', { name: en.PaymentForm.cardsAccepted });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Visa', 'MasterCard', 'American Express']);
    // The logos are drawn in the networks' colours and hidden from screen readers.
    list.querySelectorAll('svg').forEach((svg) => {
      expect(svg).toHaveAttribute('aria-hidden', 'true');
      expect(svg.querySelector('path')?.getAttribute('d')).toMatch(/^M/);
    });
  });

  it('says "secure payment" and what it means, in the page language', () => {
    renderWithIntl(<SecurePayment />, 'ar');
    expect(screen.getByText(ar.PaymentForm.secureTitle)).toBeInTheDocument();
    expect(screen.getByText(ar.PaymentForm.secureLine)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: ar.PaymentForm.cardsAccepted })).toBeInTheDocument();
  });

  it('makes a store badge a link named by its call to action', () => {
    const onClick = jest.fn((event: { preventDefault(): void }) => event.preventDefault());
    renderWithIntl(
      <StoreBadge
        store="googlePlay"
        href="https://play.example/lumo"
        label={en.ProductsPage.googlePlay}
        onClick={onClick}
      />,
    );
    const link = screen.getByRole('link', { name: en.ProductsPage.googlePlay });
    expect(link).toHaveAttribute('href', 'https://play.example/lumo');
    link.click();
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('fills the stars to the rating and says the rating in words', () => {
    expect(starFill(4.7)).toBe('94%');
    expect(starFill(4.3)).toBe('86%');
    expect(starFill(9)).toBe('100%');
    expect(starFill(-1)).toBe('0%');
    const { container } = renderWithIntl(
      <RatingBadge store="appStore" rating={4.7} text="4.7 on the App Store" />,
    );
    expect(screen.getByText('4.7 on the App Store')).toBeVisible();
    // The store's mark is an image of its own (src/app/marks), decorative: the text names the store.
    const mark = container.querySelector('img');
    expect(mark).toHaveAttribute('src', '/marks/app-store.svg');
    expect(mark).toHaveAttribute('alt', '');
    expect(container.querySelector('svg')).toBeNull();
  });
});
