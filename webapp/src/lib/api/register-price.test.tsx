/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import LandingPrices from '@/components/landing/LandingPrices';
import en from '@locales/en.json';
import { jsonResponse } from '@/test/http';
import { parseRegisterPrice, registerPrice } from './register-price';

jest.mock('@/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: React.ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));

const FR = {
  countryCode: 'FR',
  currency: 'EUR',
  currencySymbol: '€',
  monthlyPrice: '4.99',
  yearlyPrice: '34.90',
  yearlyPerMonthPrice: '3.00',
  yearlySavings: '24.98',
};

describe('the landing page prices (GET /v5/plans/register, asked by the browser)', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock;
    window.localStorage.clear();
  });

  it('keeps the amounts exactly as the API quotes them', () => {
    expect(parseRegisterPrice(FR)).toEqual({
      countryCode: 'FR',
      currency: 'EUR',
      monthlyPrice: '4.99',
      yearlyPrice: '34.90',
      yearlyPerMonthPrice: '3.00',
      yearlySavings: '24.98',
    });
  });

  it.each([
    null,
    'text',
    { ...FR, currency: 'euro' },
    { ...FR, yearlyPrice: 59.9 },
    { ...FR, monthlyPrice: '4,99' },
    { ...FR, yearlySavings: undefined },
  ])('refuses an answer it cannot show: %p', (body) => {
    expect(parseRegisterPrice(body)).toBeNull();
  });

  it('asks the API through /api, without a token (the API reads the edge country header)', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, FR));
    expect((await registerPrice())?.monthlyPrice).toBe('4.99');
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/v5/plans/register');
    expect(fetchMock.mock.calls[0][1].headers.Authorization).toBeUndefined();
  });

  it('answers null when the API fails or sends what it cannot show', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(503, { code: 0 }));
    expect(await registerPrice()).toBeNull();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ...FR, currency: 'euro' }));
    expect(await registerPrice()).toBeNull();
    fetchMock.mockRejectedValueOnce(new Error('offline'));
    expect(await registerPrice()).toBeNull();
  });

  const renderPrices = () =>
    render(
      <NextIntlClientProvider locale="en" messages={en}>
        <LandingPrices />
      </NextIntlClientProvider>,
    );

  it('shows the section once the API answers, with its amounts formatted', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, FR));
    renderPrices();
    expect(await screen.findByRole('heading', { name: en.HomePage.prices.heading })).toBeVisible();
    expect(screen.getByText(/€4\.99/)).toBeInTheDocument();
  });

  it('shows no section when the API fails', async () => {
    fetchMock.mockResolvedValue(jsonResponse(503, {}));
    const { container } = renderPrices();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.querySelector('section')).toBeNull();
  });
});
