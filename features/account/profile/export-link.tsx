'use client';

import { type MouseEvent, useRef, useState } from 'react';

import { buttonClassName, type ButtonSize } from '@/components/ui/button';
import { isApiError, rateLimitMessage } from '@/lib/api/errors';
import { MEMBER_EXPORT_PATH } from '@/lib/api/keys';
import { loadApi } from '@/lib/api/load';
import { messages } from '@/lib/i18n/messages';

import styles from './export-link.module.css';

export interface ExportLinkProps {
  size?: ButtonSize;
  className?: string;
}

/**
 * Why the export must not start now, in words, or null to go ahead: the refusal's own message
 * (429: one already running, or the hour's budget spent), `서버에 연결할 수 없습니다.` when the
 * server is unreachable. A lost session ends in the request guard (it sends the member to /login);
 * any other failure of the question leaves the answer to the export itself.
 */
function refusalOf(error: unknown): string | null | 'signed-out' {
  const limited = rateLimitMessage(error);
  if (limited) return limited;
  if (!isApiError(error)) return null;
  if (error.kind === 'network') return error.message;
  if (error.status === 401) return 'signed-out';
  return null;
}

/**
 * `내 데이터 내려받기`: a plain download link (it works with JavaScript off and before hydration,
 * and the browser streams the ZIP straight to disk), which first asks whether the export would be
 * accepted now. On a refusal the member reads why beside the link instead of a failed download;
 * otherwise the link's own click goes through.
 */
export function ExportLink({ size, className }: ExportLinkProps) {
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  // Asking already (a second click waits for that answer).
  const asking = useRef(false);
  // Set just before the click that starts the download: that click is let through.
  const proceed = useRef(false);

  async function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (proceed.current) {
      proceed.current = false;
      return;
    }
    // A new tab, a saved link, a middle click: the browser's own, as without JavaScript.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    if (asking.current) return;
    const link = event.currentTarget;
    asking.current = true;
    setError(null);
    setChecking(true);
    let refusal: string | null | 'signed-out' = null;
    try {
      await (await loadApi()).checkExportAvailability();
    } catch (failure) {
      refusal = refusalOf(failure);
    } finally {
      asking.current = false;
      setChecking(false);
    }
    if (refusal === 'signed-out') return;
    if (refusal !== null) {
      setError(refusal);
      return;
    }
    proceed.current = true;
    link.click();
  }

  return (
    <div className={className ? `${styles.export} ${className}` : styles.export}>
      <a
        className={buttonClassName({ variant: 'secondary', size })}
        href={MEMBER_EXPORT_PATH}
        download
        aria-busy={checking || undefined}
        onClick={(event) => void onClick(event)}
      >
        {messages.dataRights.exportButton}
      </a>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
