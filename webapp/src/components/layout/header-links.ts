// docs/product.md#screens "Header": logout icon when logged in; login link when logged out;
// register link on the login page; back-to-login link on forgotten-password.
export type HeaderLink = 'logout' | 'login' | 'register' | 'backToLogin' | 'none';

export function headerLink(pathname: string, loggedIn: boolean, isTv = false): HeaderLink {
  if (pathname === '/logout') return 'none';
  if (loggedIn) return 'logout';
  if (pathname === '/login') return isTv ? 'none' : 'register'; // TV platforms cannot register (docs/product.md#roles)
  if (pathname === '/forgotten-password') return 'backToLogin';
  return 'login';
}
