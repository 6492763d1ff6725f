import { BrandMark } from '@/components/ui/brand';
import { Card } from '@/components/ui/card';
import { GoogleIcon } from '@/components/ui/icons';
import { SIGN_IN_BUSY_ERROR } from '@/lib/contract/values';
import { messages } from '@/lib/i18n/messages';

import styles from './login-screen.module.css';
import { buildLoginHref } from './login-url';

export interface LoginScreenProps {
  /** The sign-in address (the runtime config's `loginUrl`). */
  loginUrl: string;
  /** Where to go after signing in (a same-origin path), passed on to the sign-in address. */
  next?: string;
  /**
   * The sign-in flow came back with an error (`?error=`): `busy` when the backend refused the
   * sign-in start for now (too many from this address), any other value a failed sign-in.
   */
  error?: string;
  /** The member has just deleted their account (`?deleted=`). */
  accountDeleted?: boolean;
}

/**
 * The sign-in screen, rendered on the server with no client code: brand, tagline and the Google
 * button, a plain link that leaves the app for the sign-in flow. proxy.ts sends a member who is
 * already signed in to `/`.
 */
export function LoginScreen({ loginUrl, next, error, accountDeleted = false }: LoginScreenProps) {
  return (
    <main id="main" className={styles.page}>
      <div className={styles.column}>
        <Card padding="lg" className={styles.card}>
          <div className={styles.hero}>
            <BrandMark size="lg" />
            <h1 className={styles.title}>{messages.login.title}</h1>
            <p className={styles.tagline}>{messages.login.tagline}</p>
          </div>
          <ul className={styles.features}>
            {messages.login.features.map((feature) => (
              <li key={feature} className={styles.feature}>
                <span className={styles.dot} aria-hidden="true" />
                {feature}
              </li>
            ))}
          </ul>
          {accountDeleted ? (
            <p className={styles.notice} role="status">
              {messages.login.accountDeleted}
            </p>
          ) : null}
          {error !== undefined ? (
            <p className={styles.error} role="alert">
              {error === SIGN_IN_BUSY_ERROR ? messages.login.busy : messages.login.error}
            </p>
          ) : null}
          <a className={styles.google} href={buildLoginHref(loginUrl, next)}>
            <GoogleIcon />
            <span>{messages.login.google}</span>
          </a>
        </Card>
      </div>
    </main>
  );
}
