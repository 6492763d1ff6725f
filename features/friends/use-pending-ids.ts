'use client';

import { useState } from 'react';

/**
 * Which rows have a request in flight, by id: `run(id, task)` marks the row busy until the task
 * settles (whether it succeeded or not), so its buttons stay disabled meanwhile.
 */
export function usePendingIds(): {
  isPending: (id: number) => boolean;
  run: (id: number, task: () => Promise<void>) => Promise<void>;
} {
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());

  async function run(id: number, task: () => Promise<void>) {
    setPending((current) => new Set(current).add(id));
    try {
      await task();
    } finally {
      setPending((current) => {
        const next = new Set(current);
        next.delete(id);
        return next;
      });
    }
  }

  return { isPending: (id) => pending.has(id), run };
}
