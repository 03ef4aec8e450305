'use client';

import { useEffect, useState, type ReactNode } from 'react';
import PlanPopup from './PlanPopup';
import PricingCard from './PricingCard';
import { DEFAULT_SELECTION, type PlanSelection } from './plans';
import { loadSelection, saveSelection } from './selection';
import { usePlans } from './usePlans';

/** Pricing card + plan popup in choose mode, the pick kept for the subscribe page. */
export default function PlanPicker({ note }: { note?: ReactNode }) {
  const { plans, failed, retry } = usePlans();
  const [selection, setSelection] = useState<PlanSelection>(DEFAULT_SELECTION);
  const [open, setOpen] = useState(false);

  useEffect(() => setSelection(loadSelection()), []);

  function select(next: PlanSelection) {
    setSelection(next);
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
