import Banner from './Banner';
import Benefits from './Benefits';
import Faq from './Faq';
import Hero from './Hero';
import ImageReel from './ImageReel';
import LandingPrices from './LandingPrices';
import Prices from './Prices';
import ServiceCards from './ServiceCards';
import Signup from './Signup';
import Testimonials from './Testimonials';
import type { RegisterPrice } from '@/lib/api/register-price';
import './sections.css';
import './landing.css';

/** /homePage, prerendered; only the forms, the carousel and the prices hydrate. `price`: given, the
 * section shows it; left out, the browser asks the API for the visitor's (LandingPrices). */
export default function LandingPage({ price }: { price?: RegisterPrice | null }) {
  return (
    <div className="landing">
      <Hero />
      <Banner />
      <ServiceCards />
      {price === undefined ? <LandingPrices /> : <Prices price={price} />}
      <Benefits />
      <ImageReel />
      <Faq />
      <Testimonials />
      <Signup />
    </div>
  );
}
