import en from '@locales/en.json';
import { clientMessages } from './client-messages';

describe('clientMessages', () => {
  it('keeps the page namespaces and drops the e-mail texts', () => {
    const sent = clientMessages({ ...en, Emails: { subject: 'x' } });
    expect(sent).toHaveProperty('Errors.resetLinkInvalid', en.Errors.resetLinkInvalid);
    expect(sent).toHaveProperty('ResetPasswordPage');
    expect(sent).not.toHaveProperty('Emails');
  });
});
