import type { MetadataRoute } from 'next';
import { siteUrl } from '@/lib/seo';

// Pages that carry single-use tokens or only make sense when logged in.
const PRIVATE_PATHS = [
  'reset-password',
  'confirm-email',
  'logout',
  'subscribe',
  'resubscribe',
  'changePlan',
  'changeSubscriptionPlan',
  'change-password',
  'unsubscribe',
  'products',
  'add-subscription',
  'link',
  'children',
]; // TV linking (PIN in the address) and the family pages

export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      disallow: ['/api/', '/$', '/*/$', ...PRIVATE_PATHS.flatMap((p) => [`/${p}`, `/*/${p}`])],
    },
    sitemap: `${siteUrl()}/sitemap.xml`,
  };
}
