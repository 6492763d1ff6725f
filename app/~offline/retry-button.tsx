'use client';

import { Button } from '@/components/ui/button';

/** Reloads the page the member asked for (the offline page stands in at its address). */
export function RetryButton({ label }: { label: string }) {
  return (
    <Button variant="secondary" block onClick={() => window.location.reload()}>
      {label}
    </Button>
  );
}
