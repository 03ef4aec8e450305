'use client';

import { useState, type ReactNode } from 'react';
import PlanPopup from './PlanPopup';
import PricingCard from './PricingCard';
import type { PlanSelection } from './plans';
import { saveSelection, useStoredSelection } from './selection';
import { usePlans } from './usePlans';

/** Pricing card + plan popup in choose mode, the pick kept for the subscribe page. */
export default function PlanPicker({ note }: { note?: ReactNode }) {
  const { plans, failed, retry } = usePlans();
  const stored = useStoredSelection();
  const [picked, setPicked] = useState<PlanSelection | null>(null);
  const selection = picked ?? stored;
  const [open, setOpen] = useState(false);

  function select(next: PlanSelection) {
    setPicked(next);
    saveSelection(next);
  }

  return (
    <>
      <PricingCard
        plans={plans}
        selection={selection}
        onOpen={() => setOpen(true)}
        failed={failed}
        onRetry={retry}
        note={note}
      />
      {open && plans && (
        <PlanPopup
          mode="choose"
          plans={plans}
          selected={selection}
          onSelect={select}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
