import type React from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import ar from '@locales/ar.json';
import en from '@locales/en.json';
import { PlatformProvider } from '@/components/layout/PlatformContext';
import { PLANS_FR } from '@/components/pricing/test-plans';
import { jsonResponse } from '@/test/http';
import { resetNavigation, router } from '@/test/navigation';
import { render } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { errorTexts, mergeMessages, pickMessages, shellMessages } from '@/i18n/client-messages';
import { renderWithIntl } from '@/test/render';
import { REGISTER_ERROR_KEYS } from './error-keys';
import RegisterForm from './RegisterForm';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

// printf '%s' 'p4sswordlumo-world:pw:v1' | sha256sum
const P4SSWORD_HASH = 'e0738046adde0e47d3cc5b1bdd1e87d8f43d864d08b53f0aef17f449d731772d';

const fetchMock = jest.fn();
let registerAnswer: Response;
let accountAnswer: Response;

beforeEach(() => {
  resetNavigation();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.localStorage.setItem('cc', 'FR');
  registerAnswer = jsonResponse(200, {
    token: 'tok-new',
    userCoupon: null,
    hasSubscription: false,
    status: true,
    freeCampaign: false,
  });
  accountAnswer = jsonResponse(200, { subscriptions: [] });
  fetchMock.mockReset().mockImplementation(async (url: string) => {
    if (url.startsWith('/api/v5/plans')) return jsonResponse(200, PLANS_FR);
    if (url === '/api/v5/accounts') return registerAnswer;
    if (url === '/api/v5/subscriptions') return accountAnswer;
    return jsonResponse(200, {}); // analytics
  });
  global.fetch = fetchMock;
});

// Renders and waits for the pricing card's prices, so no update lands after the test.
async function renderForm(ui: React.ReactElement, locale: 'en' | 'ar' = 'en') {
  const view = renderWithIntl(ui, locale);
  await screen.findByText(/70[.,]90/);
  return view;
}

const registerCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/v5/accounts');

function fill({
  email = 'jane@example.com',
  password = 'p4ssword',
  terms = true,
  labels = en.RegisterPage,
} = {}) {
  fireEvent.change(screen.getByLabelText(labels.email), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(labels.password), { target: { value: password } });
  if (terms) fireEvent.click(screen.getByRole('checkbox', { name: /terms of use|شروط الاستخدام/ }));
}
const submit = (label = en.RegisterPage.submit) =>
  fireEvent.click(screen.getByRole('button', { name: label }));

describe('RegisterForm validation (docs/product.md#validation)', () => {
  it('requires the e-mail, the password and the terms', async () => {
    await renderForm(<RegisterForm />);
    submit();
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      en.Errors.valueRequired,
      en.Errors.valueRequired,
      en.RegisterPage.termsRequired,
    ]);
    expect(registerCalls()).toHaveLength(0);
  });

  it('refuses a malformed e-mail', async () => {
    await renderForm(<RegisterForm />);
    fill({ email: 'jane@example' });
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.invalidEmail);
    expect(registerCalls()).toHaveLength(0);
  });

  it('refuses a password shorter than 8 characters, with the rule shown beside the field', async () => {
    await renderForm(<RegisterForm />);
    expect(screen.getByText('At least 8 characters.')).toBeInTheDocument();
    fill({ password: 'p4sswor' });
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.passwordTooShort);
    expect(screen.getByLabelText(en.RegisterPage.password)).toHaveAttribute('aria-invalid', 'true');
    expect(registerCalls()).toHaveLength(0);
  });

  it('leaves the promotional box optional', async () => {
    await renderForm(<RegisterForm />);
    fill();
    submit();
    await waitFor(() => expect(registerCalls()).toHaveLength(1));
  });

  it('in Arabic, puts each checkbox after its label and requires the promotional box', async () => {
    await renderForm(<RegisterForm />, 'ar');
    const promo = screen.getByRole('checkbox', { name: ar.RegisterPage.promoConsent });
    expect(promo.previousElementSibling).toHaveTextContent(ar.RegisterPage.promoConsent);
    fill({ labels: ar.RegisterPage });
    submit(ar.RegisterPage.submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(ar.RegisterPage.promoRequired);
    expect(registerCalls()).toHaveLength(0);
  });

  it('puts the checkbox before its label in other languages', async () => {
    await renderForm(<RegisterForm />);
    const promo = screen.getByRole('checkbox', { name: en.RegisterPage.promoConsent });
    expect(promo.nextElementSibling).toHaveTextContent(en.RegisterPage.promoConsent);
  });
});

describe('RegisterForm submit (docs/product.md#flows)', () => {
  it('sends the register payload with the client-side password hash', async () => {
    window.sessionStorage.setItem('utm', '{"source":"google"}');
    await renderForm(<RegisterForm partner="orange" />);
    fill();
    fireEvent.change(screen.getByLabelText(en.RegisterPage.coupon), {
      target: { value: ' LUMO-HALF ' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: en.RegisterPage.promoConsent }));
    submit();
    await waitFor(() => expect(registerCalls()).toHaveLength(1));
    expect(JSON.parse(registerCalls()[0][1].body)).toEqual({
      email: 'jane@example.com',
      password: P4SSWORD_HASH,
      displayName: '',
      coupon: 'LUMO-HALF',
      isPromoAccepted: true,
      isTcAccepted: true,
      env: 'web',
      countryCode: 'FR',
      language: 'en',
      utm: { source: 'google' },
      externalPartner: 'orange',
    });
  });

  it('without a free campaign, keeps the coupon and goes to subscribe', async () => {
    registerAnswer = jsonResponse(200, {
      token: 'tok-new',
      hasSubscription: false,
      status: true,
      freeCampaign: false,
      userCoupon: {
        couponSerialNumber: 'LUMO-HALF',
        couponDurationCode: 'P3M',
        couponProduct: 'lumo',
        couponType: 'DISCOUNT_COUPON',
        discountDetails: { discountPrice: '2.99' },
      },
    });
    await renderForm(<RegisterForm />);
    fill();
    submit();
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/subscribe'));
    expect(window.localStorage.getItem('kidj_ut')).toBe('tok-new');
    expect(window.localStorage.getItem('coupon')).toBe('LUMO-HALF');
    expect(window.localStorage.getItem('couponDurationCode')).toBe('P3M');
  });

  it('with a free campaign, clears the stored coupon and goes to the hub', async () => {
    window.localStorage.setItem('coupon', 'LUMO-FREE-0002');
    registerAnswer = jsonResponse(200, {
      token: 'tok-new',
      hasSubscription: true,
      status: true,
      freeCampaign: true,
      userCoupon: {
        couponSerialNumber: 'LUMO-FREE-0002',
        couponDurationCode: 'P1M',
        couponProduct: 'lumo',
        couponType: 'UNIQUE_ACCESS_COUPON',
        discountDetails: null,
      },
    });
    await renderForm(<RegisterForm />);
    fill();
    submit();
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/products'));
    expect(window.localStorage.getItem('coupon')).toBeNull();
  });

  it('shows the error of a refused registration and lets the parent retry', async () => {
    registerAnswer = jsonResponse(400, { code: 5, message: 'emailTaken' });
    await renderForm(<RegisterForm />);
    fill();
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.emailTaken);
    expect(screen.getByRole('button', { name: en.RegisterPage.submit })).toBeEnabled();
    expect(router.push).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: en.Flash.close }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['emailTaken', en.Errors.emailTaken],
    ['couponExpired', en.Errors.couponExpired],
    ['alreadySubscribed', en.Errors.somethingWentWrong], // never answered here: not sent to the page
  ])(
    'with only the texts the page sends, shows the answer %s as %p',
    async (message, text) => {
      registerAnswer = jsonResponse(400, { code: 3, message });
      // What the locale layout and RegisterPage send (i18n/client-messages.ts, ./error-keys.ts).
      const messages = mergeMessages(
        shellMessages(en),
        pickMessages(en, [
          'RegisterPage',
          'PasswordHint',
          'PricingCard',
          'Plans',
          'PlanPopup',
          ...errorTexts(REGISTER_ERROR_KEYS),
        ]),
      );
      render(
        <NextIntlClientProvider locale="en" messages={messages} timeZone="UTC" onError={() => {}}>
          <RegisterForm />
        </NextIntlClientProvider>,
      );
      await screen.findByText(/70[.,]90/);
      fill();
      submit();
      expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(text);
    },
    15000,
  );

  it('shows a loader while the account is created', async () => {
    let answer: (r: Response) => void = () => {};
    registerAnswer = undefined as unknown as Response;
    fetchMock.mockImplementation(async (url: string) => {
      if (url.startsWith('/api/v5/plans')) return jsonResponse(200, PLANS_FR);
      if (url === '/api/v5/accounts') return new Promise<Response>((resolve) => (answer = resolve));
      return jsonResponse(200, {});
    });
    await renderForm(<RegisterForm />);
    fill();
    submit();
    // Generous waits: the password is hashed before the request, slow on a loaded machine, and the
    // first submit loads the call's module (lib/api/on-demand.ts).
    expect(
      await screen.findByRole('button', { name: en.RegisterPage.submitting }, { timeout: 5000 }),
    ).toBeDisabled();
    // The call goes out once its module is loaded (lib/api/on-demand.ts), after the loader shows.
    await waitFor(() => expect(registerCalls()).toHaveLength(1), { timeout: 5000 });
    answer(jsonResponse(400, { code: 2, message: 'invalidEmail' }));
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      en.Errors.invalidEmail,
    );
  }, 20000); // the three waits above (the call's module is loaded on the first submit)
});

describe('RegisterForm e-mail and coupon', () => {
  it('pre-fills the e-mail from the address and removes it from the address bar', async () => {
    window.history.replaceState(null, '', '/register?email=jane%40example.com&utm_source=x');
    await renderForm(<RegisterForm initialEmail="jane@example.com" />);
    expect(screen.getByLabelText(en.RegisterPage.email)).toHaveValue('jane@example.com');
    expect(window.location.search).toBe('?utm_source=x');
  });

  it('pre-fills the e-mail typed on the landing page', async () => {
    window.sessionStorage.setItem('landingEmail', 'from@landing.example');
    await renderForm(<RegisterForm />);
    expect(screen.getByLabelText(en.RegisterPage.email)).toHaveValue('from@landing.example');
  });

  it('locks a pre-filled coupon', async () => {
    await renderForm(<RegisterForm coupon={{ code: 'YAJKM0', locked: true }} />);
    expect(screen.getByLabelText(en.RegisterPage.couponLocked)).toHaveValue('YAJKM0');
    expect(screen.getByLabelText(en.RegisterPage.couponLocked)).toHaveAttribute('readonly');
  });

  it('explains the coupon in a tooltip opened by a tap', async () => {
    await renderForm(<RegisterForm />);
    const help = screen.getByRole('button', { name: en.RegisterPage.couponHelp });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    fireEvent.click(help);
    expect(screen.getByRole('tooltip')).toHaveTextContent(en.RegisterPage.couponTooltip);
    expect(help).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(help);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('opens the tooltip on hover above 768 px', async () => {
    window.matchMedia = jest
      .fn()
      .mockReturnValue({ matches: true }) as unknown as typeof window.matchMedia;
    await renderForm(<RegisterForm />);
    fireEvent.mouseEnter(
      screen.getByRole('button', { name: en.RegisterPage.couponHelp }).parentElement!,
    );
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    fireEvent.mouseLeave(
      screen.getByRole('button', { name: en.RegisterPage.couponHelp }).parentElement!,
    );
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    delete (window as { matchMedia?: unknown }).matchMedia;
  });

  it('shows the pricing card, whose popup changes the plan', async () => {
    await renderForm(<RegisterForm />);
    expect(await screen.findByText('€70.90 / year')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: en.PricingCard.change }));
    fireEvent.click(screen.getByRole('radio', { name: 'Monthly' })); // chooses and closes
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('€9.99 / month')).toBeInTheDocument();
    expect(JSON.parse(window.sessionStorage.getItem('selectedPlan') ?? '')).toEqual({
      period: 'P1M',
      apps: ['tv', 'books', 'games'],
    });
  });
});

describe('retailer landing form (docs/product.md#screens, docs/product.md#validation)', () => {
  it('asks for e-mail, password and coupon, without the pricing card', async () => {
    renderWithIntl(<RegisterForm variant="retailer" partner="intermarche" />);
    expect(screen.queryByRole('group', { name: en.PricingCard.title })).not.toBeInTheDocument();
    submit();
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      en.Errors.valueRequired,
      en.Errors.valueRequired,
      en.RegisterPage.termsRequired,
    ]);
    fill();
    fireEvent.change(screen.getByLabelText(en.RegisterPage.coupon), {
      target: { value: 'SHOP-1' },
    });
    submit();
    await waitFor(() => expect(registerCalls()).toHaveLength(1));
    expect(JSON.parse(registerCalls()[0][1].body)).toMatchObject({
      coupon: 'SHOP-1',
      externalPartner: 'intermarche',
    });
    expect(fetchMock.mock.calls.some(([url]) => url.startsWith('/api/v5/plans'))).toBe(false);
  });
});

describe('register entry rules (docs/product.md#flows)', () => {
  it('sends a TV platform to login', async () => {
    renderWithIntl(
      <PlatformProvider isTv>
        <RegisterForm />
      </PlatformProvider>,
    );
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/login'));
    expect(screen.queryByRole('button', { name: en.RegisterPage.submit })).not.toBeInTheDocument();
  });

  it('sends a logged-in premium parent to the profile', async () => {
    window.localStorage.setItem('kidj_ut', 'tok');
    accountAnswer = jsonResponse(200, {
      subscriptions: [{ subscriptionType: 'lumo_tv', isExpired: false }],
    });
    renderWithIntl(<RegisterForm />);
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/'));
  });

  it('sends a logged-in parent without a live subscription to subscribe', async () => {
    window.localStorage.setItem('kidj_ut', 'tok');
    accountAnswer = jsonResponse(200, {
      subscriptions: [{ subscriptionType: 'lumo_tv', isExpired: true }],
    });
    renderWithIntl(<RegisterForm />);
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/subscribe'));
  });

  it('drops a dead token and shows the form', async () => {
    window.localStorage.setItem('kidj_ut', 'dead');
    accountAnswer = jsonResponse(401, { code: 0, message: 'loginNeeded' });
    await renderForm(<RegisterForm />);
    expect(screen.getByRole('button', { name: en.RegisterPage.submit })).toBeInTheDocument();
    expect(window.localStorage.getItem('kidj_ut')).toBeNull();
    expect(router.replace).not.toHaveBeenCalled();
  });

  it('lets a visitor without a token stay', async () => {
    await renderForm(<RegisterForm />);
    expect(screen.getByRole('button', { name: en.RegisterPage.submit })).toBeInTheDocument();
    expect(router.replace).not.toHaveBeenCalled();
  });
});
