import type { ReactNode } from 'react';
import AgeGate from '@/components/children/AgeGate';
import PageMessages from '@/i18n/PageMessages';

// Every family page sits behind the age gate. The layout outlives the
// navigation between its pages, so the parent answers once per visit.
export default function ChildrenLayout({ children }: { children: ReactNode }) {
  return (
    <PageMessages namespaces={['AgeGate', 'Errors']}>
      <AgeGate>{children}</AgeGate>
    </PageMessages>
  );
}
