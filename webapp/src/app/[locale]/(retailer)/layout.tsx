import type { ReactNode } from 'react';

// Retailer landings are shown without the site header and footer.
export default function RetailerLayout({ children }: { children: ReactNode }) {
  return <main className="content content-bare">{children}</main>;
}
