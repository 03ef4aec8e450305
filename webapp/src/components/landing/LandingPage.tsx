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
      <Banner />
      <ServiceCards />
      <Benefits />
      <ImageReel />
      <Faq />
      <Testimonials />
      <Signup />
    </div>
  );
}
