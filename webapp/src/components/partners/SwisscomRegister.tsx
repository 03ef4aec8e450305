'use client';

import { useEffect } from 'react';
import RegisterForm from '@/components/register/RegisterForm';
import { local } from '@/lib/session/storage';
import { useFreeTimeNote } from './useFreeTimeNote';

// docs/product.md#flows, docs/product.md#constants: the carrier campaign's coupon, two months free.
export const SWISSCOM_COUPON = 'YAJKM0';
export const SWISSCOM_DURATION = 'P2M';

export default function SwisscomRegister() {
  useEffect(() => {
    local.set('swissComeCampaign', 'true');
    local.set('coupon', SWISSCOM_COUPON);
    local.set('couponDurationCode', SWISSCOM_DURATION);
  }, []);
  const offerNote = useFreeTimeNote(SWISSCOM_COUPON, SWISSCOM_DURATION);
  return (
    <RegisterForm
      partner="swisscom"
      coupon={{ code: SWISSCOM_COUPON, locked: true }}
      offerNote={offerNote}
    />
  );
}
