import type { ReactNode } from 'react';
import AgeGate from '@/components/children/AgeGate';
import PageMessages from '@/i18n/PageMessages';

// Linking a TV is a parent's task, behind the same age gate as the family pages
// (passed once per browser session: components/children/ageGateMemory.ts).
export default function LinkLayout({ children }: { children: ReactNode }) {
  return (
    <PageMessages namespaces={['AgeGate', 'Errors']}>
      <AgeGate>{children}</AgeGate>
    </PageMessages>
  );
}
