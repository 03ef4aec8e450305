import { screen } from '@testing-library/react';
import en from '@locales/en.json';
import ProfileView from '@/components/profile/ProfileView';
import { StartupContext } from '@/lib/startup/StartupProvider';
import { account, subscription } from '@/test/accounts';
import { renderWithIntl } from '@/test/render';
import { clearPaymentNotice, notePaymentDone, paidNotice } from './paymentNotice';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

describe('the thank-you after a payment agrees with the card', () => {
  it('calls a trial a trial, a later start a later start, and only a charged subscription active', () => {
    const date = '2026-11-30T10:00:00+00:00';
    expect(paidNotice({ paymentStateId: 'Trial', nextBillingDate: date }, 'trial')).toEqual({
      kind: 'trial',
      date,
    });
    expect(paidNotice({ paymentStateId: 'Active', nextBillingDate: date }, 'paidThrough')).toEqual({
      kind: 'scheduled',
      date,
    });
    expect(paidNotice({ paymentStateId: 'Active', nextBillingDate: date }, null)).toEqual({
      kind: 'active',
      date,
    });
  });

  it('shows the trial notice, with the first charge date, on the profile', () => {
    const trial = subscription({
      paymentStateId: 'Trial',
      nextBillingDate: '2026-11-30T10:00:00+00:00',
    });
    notePaymentDone(paidNotice(trial, 'trial'));
    renderWithIntl(
      <StartupContext.Provider
        value={{ account: account([trial]), reloadAccount: jest.fn(async () => null) }}
      >
        <ProfileView />
      </StartupContext.Provider>,
    );
    const notice = screen.getByText(/Thank you!/);
    expect(notice).toHaveTextContent(
      'Your free trial has started: the first charge is on November 30, 2026',
    );
    expect(notice).not.toHaveTextContent('active');
    expect(en.ProfilePage.paidNotice).toContain('free trial');
    clearPaymentNotice();
  });
});
