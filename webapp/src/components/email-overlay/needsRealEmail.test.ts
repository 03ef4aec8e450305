import { account, subscription } from '@/test/accounts';
import { realEmailRequest, sendsPasswordMail } from './needsRealEmail';

const withStore = (storeId: string, flags: { emailIsConfirmed?: boolean; isEmailFake?: boolean }) =>
  account([subscription({ storeId })], flags);

describe('e-mail overlay rule (docs/product.md#flows)', () => {
  it('asks virgo parents whose e-mail is unconfirmed', () => {
    expect(realEmailRequest(withStore('virgo', { emailIsConfirmed: false }))).toEqual({
      partner: 'virgo',
    });
    expect(realEmailRequest(withStore('virgo', { emailIsConfirmed: true }))).toBeNull();
  });

  it.each(['switch', 'mondia'])('asks %s parents whose e-mail is fake', (store) => {
    expect(realEmailRequest(withStore(store, { isEmailFake: true }))).toEqual({ partner: store });
    expect(
      realEmailRequest(withStore(store, { isEmailFake: false, emailIsConfirmed: false })),
    ).toBeNull();
  });

  it('never asks web or app-store parents', () => {
    for (const store of ['lumo', 'ios', 'playstore']) {
      expect(
        realEmailRequest(withStore(store, { isEmailFake: true, emailIsConfirmed: false })),
      ).toBeNull();
    }
  });

  it('mails a password to mondia parents only', () => {
    expect(sendsPasswordMail({ partner: 'mondia' })).toBe(true);
    expect(sendsPasswordMail({ partner: 'switch' })).toBe(false);
    expect(sendsPasswordMail(null)).toBe(false);
  });
});
