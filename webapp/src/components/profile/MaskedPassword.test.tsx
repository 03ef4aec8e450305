import { screen } from '@testing-library/react';
import ar from '@locales/ar.json';
import en from '@locales/en.json';
import ProfileView from '@/components/profile/ProfileView';
import { StartupContext } from '@/lib/startup/StartupProvider';
import { account, subscription } from '@/test/accounts';
import { renderWithIntl } from '@/test/render';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);
jest.mock('@/lib/country', () => ({ countryCode: jest.fn(async () => 'FR') }));

describe('the masked password', () => {
  it.each([
    ['en', en.ProfilePage.passwordHidden],
    ['ar', ar.ProfilePage.passwordHidden],
  ] as const)('is read as "%s: password hidden", the bullets only seen', (locale, label) => {
    const parent = account([subscription()]);
    renderWithIntl(
      <StartupContext.Provider value={{ account: parent, reloadAccount: jest.fn() }}>
        <ProfileView />
      </StartupContext.Provider>,
      locale,
    );
    const masked = screen.getByTestId('password-masked');
    // No aria-label on a span (not read); the bullets are hidden from assistive technologies.
    expect(masked).not.toHaveAttribute('aria-label');
    expect(screen.getByText('••••••••')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText(label)).toHaveClass('visually-hidden');
    expect(masked).toContainElement(screen.getByText(label));
  });
});
