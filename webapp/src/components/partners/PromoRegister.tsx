'use client';

import { useEffect, useState } from 'react';
import Spinner from '@/components/common/Spinner';
import { withFlash } from '@/components/login/page-flash';
import RegisterForm from '@/components/register/RegisterForm';
import { givesFreeTime } from '@/components/subscribe/coupon';
import { useRouter } from '@/i18n/navigation';
import { validateCoupon } from '@/lib/api/billing';
import { clearCoupon, local } from '@/lib/session/storage';
import { useFreeTimeNote } from './useFreeTimeNote';

type State = 'checking' | 'valid' | 'unchecked';

/** docs/product.md#flows "Promo link": a valid code is pre-filled and locked; an invalid one goes to register. */
export default function PromoRegister({ code }: { code: string }) {
  const router = useRouter();
  const [state, setState] = useState<State>(code ? 'checking' : 'unchecked');
  const [freeTime, setFreeTime] = useState<string | null>(null);
  const offerNote = useFreeTimeNote(code, freeTime);

  useEffect(() => {
    if (!code) return;
    let cancelled = false;
    validateCoupon(code).then((result) => {
      if (cancelled) return;
      if (result.ok) {
        local.set('coupon', result.data.couponSerialNumber);
        local.set('couponDurationCode', result.data.couponDurationCode);
        local.set('couponProduct', result.data.couponProduct);
        // A discount lowers the price after the trial; other codes give free time instead of it.
        if (givesFreeTime(result.data.couponType)) setFreeTime(result.data.couponDurationCode);
        setState('valid');
      } else if (result.status === 400 || result.status === 404) {
        clearCoupon();
        router.replace(withFlash('/register', { kind: 'error', key: 'couponInvalid' }));
      } else {
        setState('unchecked'); // API unreachable: the code is checked again on submit
      }
    });
    return () => {
      cancelled = true;
    };
  }, [code, router]);

  if (state === 'checking') return <Spinner />;
  return (
    <RegisterForm
      coupon={code ? { code, locked: state === 'valid' } : null}
      offerNote={state === 'valid' ? offerNote : null}
    />
  );
}
