import { fireEvent, screen } from '@testing-library/react';
import ar from '@locales/ar.json';
import en from '@locales/en.json';
import { PlatformProvider } from '@/components/layout/PlatformContext';
import { holidayPromoHref, isHolidayPage } from '@/lib/site/holiday';
import type { HolidayPromo } from '@/lib/site/status';
import { resetNavigation, setPathname } from '@/test/navigation';
import { renderWithIntl } from '@/test/render';
import HolidayModal from './HolidayModal';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

const t = en.HolidayModal;
const PROMO: HolidayPromo = {
  active: true,
  from: '2026-12-15',
  to: '2027-01-05',
  couponCode: 'LUMO-HOLIDAY',
};

function show(promo: HolidayPromo = PROMO, { tv = false, locale = 'en' as 'en' | 'ar' } = {}) {
  return renderWithIntl(
    <PlatformProvider isTv={tv}>
      <HolidayModal promo={promo} />
    </PlatformProvider>,
    locale,
  );
}

const dialog = () => screen.queryByRole('dialog', { name: t.title });

beforeEach(() => {
  resetNavigation();
  window.localStorage.clear();
  setPathname('/homePage');
});

describe('holiday modal (docs/product.md#screens: holiday modal offering 1 month free)', () => {
  it('offers the month free on the landing while the promo is active', () => {
    show();
    const modal = dialog()!;
    expect(modal).toHaveAttribute('aria-modal', 'true');
    expect(modal).toHaveTextContent(t.offer);
    expect(modal).toHaveTextContent('LUMO-HOLIDAY');
    expect(modal).toHaveTextContent('January 5, 2027');
    expect(screen.getByRole('button', { name: t.close })).toHaveFocus();
  });

  it('keeps focus inside and gives it back when closed', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    show();
    const close = screen.getByRole('button', { name: t.close });
    const later = screen.getByRole('button', { name: t.later });
    later.focus();
    fireEvent.keyDown(later, { key: 'Tab' });
    expect(close).toHaveFocus();
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(later).toHaveFocus();
    fireEvent.click(close);
    expect(opener).toHaveFocus();
    opener.remove();
  });

  it('stays away while the promo is not active', () => {
    show({ active: false, from: null, to: null, couponCode: null });
    expect(dialog()).not.toBeInTheDocument();
  });

  it('takes the parent to the promo flow with the coupon, and stays away after', () => {
    show();
    const cta = screen.getByRole('link', { name: t.cta });
    expect(cta).toHaveAttribute('href', '/promo/LUMO-HOLIDAY');
    fireEvent.click(cta);
    expect(dialog()).not.toBeInTheDocument();
    expect(window.localStorage.getItem('holidayModal')).toBe('2026-12-15/2027-01-05');
  });

  it('escapes a coupon code for the address', () => {
    expect(holidayPromoHref('NOËL 26/27')).toBe('/promo/NO%C3%8BL%2026%2F27');
  });

  it.each([
    ['the close button', () => fireEvent.click(screen.getByRole('button', { name: t.close }))],
    ['"not now"', () => fireEvent.click(screen.getByRole('button', { name: t.later }))],
    ['Escape', () => fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })],
  ])('closed with %s, it does not come back in this promo window', (_how, close) => {
    const first = show();
    close();
    expect(dialog()).not.toBeInTheDocument();
    first.unmount();
    show();
    expect(dialog()).not.toBeInTheDocument();
  });

  it('comes back for another promo window', () => {
    window.localStorage.setItem('holidayModal', '2025-12-15/2026-01-05');
    show();
    expect(dialog()).toBeInTheDocument();
  });

  it.each(['/register', '/promo', '/register/'])('shows on %s', (path) => {
    setPathname(path);
    show();
    expect(dialog()).toBeInTheDocument();
  });

  it.each([
    '/login',
    '/',
    '/subscribe',
    '/products',
    '/promo/LUMO-HALF',
    '/register/jane@example.com',
    '/register/orange',
  ])('does not show on %s', (path) => {
    setPathname(path);
    show();
    expect(dialog()).not.toBeInTheDocument();
  });

  it('does not show on TV platforms', () => {
    show(PROMO, { tv: true });
    expect(dialog()).not.toBeInTheDocument();
  });

  it('does not show to a logged-in parent (a subscriber, or one on the way to subscribe)', () => {
    window.localStorage.setItem('kidj_ut', 'tok');
    show();
    expect(dialog()).not.toBeInTheDocument();
  });

  it('does not show to a parent already holding a coupon', () => {
    window.localStorage.setItem('coupon', 'LUMO-HALF');
    show();
    expect(dialog()).not.toBeInTheDocument();
  });

  it('speaks Arabic', () => {
    show(PROMO, { locale: 'ar' });
    expect(screen.getByRole('dialog', { name: ar.HolidayModal.title })).toHaveTextContent(
      ar.HolidayModal.offer,
    );
    expect(screen.getByRole('link', { name: ar.HolidayModal.cta })).toHaveAttribute(
      'href',
      '/promo/LUMO-HOLIDAY',
    );
  });
});

describe('holiday pages', () => {
  it('are the prospective parent pages only', () => {
    expect(['/homePage', '/register', '/promo'].every(isHolidayPage)).toBe(true);
    expect(['/login', '/homePageX', '/promo/CODE', '/register/x'].some(isHolidayPage)).toBe(false);
  });
});
