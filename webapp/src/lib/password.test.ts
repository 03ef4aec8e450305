/** @jest-environment node */
import { hashPassword, PASSWORD_SALT } from './password';

describe('hashPassword', () => {
  it('uses the salt shared with the apps', () => {
    expect(PASSWORD_SALT).toBe('lumo-world:pw:v1');
  });

  it('returns SHA-256 of password + salt as lowercase hex', async () => {
    // printf '%s' 'secret123lumo-world:pw:v1' | sha256sum
    await expect(hashPassword('secret123')).resolves.toBe(
      'fd9ad5b4fb2a460b9a11752f5588cde20e305688493728efdc258090d49d3408',
    );
  });

  it('hashes non-ASCII passwords as UTF-8', async () => {
    // printf '%s' 'mot de passe élumo-world:pw:v1' | sha256sum
    await expect(hashPassword('mot de passe é')).resolves.toBe(
      'ca419d50677cef710ae9bae6eac89cc08158e48c9e2daeb25bd0dde0cf802bc1',
    );
  });
});
