'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';

// docs/product.md#screens, docs/product.md#constants: the tooltip opens on hover above 768 px, on tap below.
const DESKTOP = '(min-width: 769px)';

function isDesktop(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(DESKTOP).matches
  );
}

export default function CouponTooltip() {
  const t = useTranslations('RegisterPage');
  const [open, setOpen] = useState(false);
  return (
    <span
      className="tooltip-anchor"
      onMouseEnter={() => isDesktop() && setOpen(true)}
      onMouseLeave={() => isDesktop() && setOpen(false)}
    >
      <button
        type="button"
        className="tooltip-button"
        aria-label={t('couponHelp')}
        aria-expanded={open}
        aria-describedby={open ? 'coupon-tooltip' : undefined}
        onClick={() => setOpen((o) => isDesktop() || !o)}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        onBlur={() => setOpen(false)}
      >
        ?
      </button>
      {open && (
        <span id="coupon-tooltip" role="tooltip" className="tooltip">
          {t('couponTooltip')}
        </span>
      )}
    </span>
  );
}
