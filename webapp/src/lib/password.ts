// The API never sees a clear-text password: it receives this hash and treats
// it as the password (and stores a slow hash of it). The salt is fixed and
// shared with the mobile and TV apps, so it must never change.
export const PASSWORD_SALT = 'lumo-world:pw:v1';

export async function hashPassword(password: string): Promise<string> {
  const bytes = new TextEncoder().encode(password + PASSWORD_SALT);
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
