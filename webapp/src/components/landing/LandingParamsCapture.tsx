'use client';

import { useEffect } from 'react';
import { useRouter } from '@/i18n/navigation';
import { captureLandingParams, verifyRedirectKeyOnce } from '@/lib/landing';
import { removeQueryParams } from '@/lib/url';

/** Stores the landing query parameters of any page (docs/product.md#screens) once it is shown. */
export default function LandingParamsCapture() {
  const router = useRouter();
  useEffect(() => {
    const { redirectKey } = captureLandingParams(new URLSearchParams(window.location.search));
    if (!redirectKey) return;
    // A redirect key is a single-use credential: keep it out of the history.
    removeQueryParams('key');
    verifyRedirectKeyOnce(redirectKey).then((valid) => {
      if (!valid) router.replace('/login');
    });
  }, [router]);
  return null;
}
