import { Suspense } from 'react';
import Banner from './Banner';
import Benefits from './Benefits';
import Faq from './Faq';
import Hero from './Hero';
import ImageReel from './ImageReel';
import ServiceCards from './ServiceCards';
import Signup from './Signup';
import Testimonials from './Testimonials';
import './landing.css';

/** /homePage, rendered on the server; only the forms and the carousel hydrate. */
export default function LandingPage() {
  return (
    <div className="landing">
      <Hero />
      {/* Below the hero each section is a Suspense boundary of its own: React hydrates them one by one
          after the hero, in short tasks, instead of the whole page in one long task (Total Blocking
          Time). Nothing in them suspends: the server sends them in place, the HTML is the same. */}
      <Suspense><Banner /></Suspense>
      <Suspense><ServiceCards /></Suspense>
      <Suspense><Benefits /></Suspense>
      <Suspense><ImageReel /></Suspense>
      <Suspense><Faq /></Suspense>
      <Suspense><Testimonials /></Suspense>
      <Suspense><Signup /></Suspense>
    </div>
  );
}
