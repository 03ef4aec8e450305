'use client';

import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocale, useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import Spinner from '@/components/common/Spinner';
import { useIsTv } from '@/components/layout/PlatformContext';
import { withFlash } from '@/components/login/page-flash';
import { Link, usePathname, useRouter } from '@/i18n/navigation';
import { useErrorText } from '@/i18n/error-text';
import type { Account } from '../account/account';
import type { ErrorKey } from '../api/errors';
import { countryCode } from '../country';
import { syncSignedInHint } from '../session/signed-in-hint';
import { clearSession, getToken, local } from '../session/storage';
import { SESSION_EXPIRED_EVENT } from '../api/session-expiry';
import { rememberExpiredPage, rememberReturn, rememberReturnFromQuery } from './return-to';
import { isHeadedByServer, routeKind } from './routes';
import {
  accountCache,
  liveEffects,
  loadStartupCalls,
  redirectKeyOf,
  runStartup,
  type FinalStep,
} from './run';
import styles from './StartupProvider.module.css';

type StartupContextValue = {
  /** The account of the logged-in parent; set on every guarded page. */
  account: Account | null;
  /** Reloads GET /v5/subscriptions (after a payment, a cancel or a profile change). */
  reloadAccount(): Promise<Account | null>;
  /** What a guarded page shows instead of itself: the check under way, or its failure; null once it passed. */
  gate?: ReactNode;
};

export const StartupContext = createContext<StartupContextValue>({
  account: null,
  reloadAccount: async () => null,
  gate: null,
});

export const useStartup = () => useContext(StartupContext);

type Outcome = { pathname: string; account: Account | null; error: ErrorKey | null };

/** Runs the start-up decision (docs/product.md#flows) on the first page and on every later navigation. */
export default function StartupProvider({ children }: { children: ReactNode }) {
  const t = useTranslations('Startup');
  const tErrors = useErrorText();
  const pathname = usePathname();
  const router = useRouter();
  const isTv = useIsTv();
  const [cache] = useState(accountCache);
  // Read before any effect (the landing capture removes the key from the address), and used once.
  const [landingKey] = useState(() =>
    typeof window === 'undefined'
      ? null
      : redirectKeyOf(window.location.pathname, window.location.search),
  );
  const landingKeyUsed = useRef(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [attempt, setAttempt] = useState(0);

  const apply = useCallback(
    async (step: FinalStep, path: string) => {
      const done = (account: Account | null, error: ErrorKey | null = null) =>
        setOutcome({ pathname: path, account, error });
      if (step.next === 'render') return done(step.account ?? cache.get());
      if (step.next === 'fail') return done(null, step.errorKey);
      if (step.next === 'navigate') {
        if (step.logout) {
          // Revoke the token on the server too (logOut reads it before it is cleared). This step comes
          // after the account's read, so the calls are already there.
          await loadStartupCalls()
            .then(({ logOut }) => void logOut().catch(() => null))
            .catch(() => null);
          clearSession();
        } else if (step.dropToken) local.remove('userToken', 'token');
        if (step.flash === 'sessionExpired') rememberExpiredPage(path, window.location.search);
        else if (step.to === '/login' && !step.logout) rememberReturn(path, window.location.search);
        return router.replace(
          step.flash ? withFlash(step.to, { kind: 'error', key: step.flash }) : step.to,
        );
      }
      // The calling app or TV folder is used once, then forgotten.
      local.remove(step.next === 'openApp' ? 'app' : 'tvAppFolderId');
      const opened = await loadStartupCalls()
        .then(({ openWebApp }) =>
          step.next === 'openApp' ? openWebApp(step.app) : openWebApp('tv', step.folderId),
        )
        .catch(() => false);
      if (!opened) done(cache.get(), 'somethingWentWrong');
    },
    [cache, router],
  );

  useEffect(() => {
    let live = true;
    void countryCode();
    // The proxy's "signed in" hint follows the stored token (src/proxy.ts).
    syncSignedInHint(getToken() !== null);
    rememberReturnFromQuery(window.location.search);
    const key = landingKeyUsed.current ? undefined : (landingKey ?? undefined);
    runStartup(
      {
        pathname,
        isTvPlatform: isTv,
        hasToken: false,
        key,
        storedApp: local.get('app'),
        storedTvFolder: local.get('tvAppFolderId'),
      },
      liveEffects(cache),
    ).then((step) => {
      if (!live) return;
      landingKeyUsed.current = true; // a key is verified once per page load
      return apply(step, pathname);
    });
    return () => {
      live = false;
    };
  }, [pathname, attempt, isTv, cache, apply, landingKey]);

  // Any call answering 401 to the bearer token ends the session wherever the parent is.
  useEffect(() => {
    function expired() {
      clearSession();
      cache.set(null);
      if (routeKind(pathname) !== 'guarded') return; // a public page works without a session
      rememberExpiredPage(pathname, window.location.search);
      router.replace(withFlash('/login', { kind: 'error', key: 'sessionExpired' }));
    }
    window.addEventListener(SESSION_EXPIRED_EVENT, expired);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, expired);
  }, [pathname, cache, router]);

  const reloadAccount = useCallback(async () => {
    const result = await loadStartupCalls()
      .then(({ loadAccountOutcome }) => loadAccountOutcome())
      .catch(() => ({ status: 'failed' }) as const);
    const account = result.status === 'ok' ? result.account : null;
    cache.set(account);
    // A 401 here was announced by the API client: the listener above clears the session and goes to the login.
    setOutcome((current) => current && { ...current, account });
    return account;
  }, [cache]);

  // The e-mails follow the site language the parent uses when logged in, until the parent
  // chooses their language in the profile (the API keeps an explicit choice).
  const locale = useLocale();
  const synced = useRef<string | null>(null);
  const loaded = outcome?.account ?? null;
  useEffect(() => {
    if (!loaded?.emailLanguage || loaded.emailLanguageChosen || loaded.emailLanguage === locale)
      return;
    const key = `${loaded.email} ${locale}`;
    if (synced.current === key) return;
    synced.current = key;
    void loadStartupCalls()
      .then(({ setEmailLanguage }) => setEmailLanguage(locale, false))
      .catch(() => ({ ok: false }) as const)
      .then((result) => {
        if (!result.ok) return;
        const synced = {
          ...loaded,
          emailLanguage: result.data.language,
          emailLanguageChosen: result.data.chosen,
        };
        cache.set(synced);
        // The page on screen (the profile's language select) shows the language just stored.
        setOutcome((current) =>
          current?.account === loaded ? { ...current, account: synced } : current,
        );
      });
  }, [loaded, locale, cache]);

  const ready = outcome?.pathname === pathname;
  const error = ready ? outcome.error : null;
  const guarded = routeKind(pathname) === 'guarded';

  const pending = guarded && !ready;
  const failure = guarded ? error : null;
  const gate = useMemo((): ReactNode => {
    if (failure)
      return (
        <section className="page">
          <Flash kind="error">{tErrors(failure)}</Flash>
          <div className={styles.actions}>
            <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
              {t('retry')}
            </button>
            <Link prefetch={false} href="/logout" className={styles.secondary}>
              {t('logout')}
            </Link>
          </div>
        </section>
      );
    // The footer waits with the page (globals.css): it would otherwise show under the spinner and then
    // jump down when the page, or the login page it sends a visitor to, takes the space.
    if (pending)
      return (
        <div className={styles.loading} data-startup-pending="">
          <Spinner label={t('checking')} />
        </div>
      );
    return null;
  }, [failure, pending, t, tErrors]);
  const context = useMemo(
    () => ({ account: ready ? outcome.account : null, reloadAccount, gate }),
    [ready, outcome, reloadAccount, gate],
  );
  // A page headed by the server shows its heading at once and its own <StartupGate> around the rest.
  const body = gate !== null && !isHeadedByServer(pathname) ? gate : children;

  return (
    <StartupContext.Provider value={context}>
      {!guarded && error && (
        <div className={styles.flash}>
          <Flash kind="error" onClose={() => setOutcome(null)}>
            {tErrors(error)}
          </Flash>
        </div>
      )}
      {body}
    </StartupContext.Provider>
  );
}
