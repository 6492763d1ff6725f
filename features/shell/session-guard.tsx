'use client';

import { useRouter } from 'next/navigation';
import { type ReactNode, useEffect } from 'react';

import { useSession } from '@/lib/auth/session-provider';
import { messages } from '@/lib/i18n/messages';

import styles from './app-shell.module.css';

/**
 * The browser's half of the guard that sends a visitor with no session to /login: the page shows
 * while a member is signed in. The server already checked the session for the first view; when it
 * ends in the browser (logout, `auth:unauthorized`, a refused refresh) the page gives way to
 * `Loading...` and /login.
 */
export function SessionGuard({ children }: { children: ReactNode }) {
  const { loading, user } = useSession();
  const router = useRouter();

  useEffect(() => {
    if (!loading && !user) router.replace('/login');
  }, [loading, user, router]);

  return user ? children : <p className={styles.loading}>{messages.app.loading}</p>;
}
