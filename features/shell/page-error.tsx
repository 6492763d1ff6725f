'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useTransition } from 'react';

import { LoadError } from '@/components/ui/load-error';
import { messages } from '@/lib/i18n/messages';

export interface PageErrorProps {
  error: Error & { digest?: string };
  reset: () => void;
}

/**
 * What a signed-in page shows when the server could not read its first view: an inline error with a
 * retry button, never a blank page. Retry renders the page again on the server (`router.refresh()`)
 * and then resets the boundary.
 */
export function PageError({ error, reset }: PageErrorProps) {
  const router = useRouter();
  const [retrying, startRetry] = useTransition();

  useEffect(() => {
    console.error(error);
  }, [error]);

  function retry() {
    startRetry(() => {
      router.refresh();
      reset();
    });
  }

  return (
    <LoadError
      message={messages.app.pageLoadFailed}
      detail={retrying ? messages.app.loading : messages.app.pageLoadFailedDetail}
      onRetry={retry}
    />
  );
}
