'use client';

import { useEffect, useState } from 'react';
import Prices from './Prices';
import { registerPrice, type RegisterPrice } from '@/lib/api/register-price';

/** The prices section of the static landing page: asked once the page is shown; nothing while asking
 * or when the API fails (the section is below the fold, so nothing above it moves). */
export default function LandingPrices() {
  const [price, setPrice] = useState<RegisterPrice | null>(null);
  useEffect(() => {
    let live = true;
    void registerPrice().then((answer) => {
      if (live) setPrice(answer);
    });
    return () => {
      live = false;
    };
  }, []);
  return <Prices price={price} />;
}
