import { BrandMark } from '@/components/shell/brand';
import { Card } from '@/components/ui/card';
import { SIGN_IN_BUSY_ERROR } from '@/lib/contract/values';
import { messages } from '@/lib/i18n/messages';
import { buildLoginHref } from './login-url';
import styles from './login-screen.module.css';

function GoogleLogo() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.7v3h3.9c2.2-2.1 3.5-5.2 3.5-8.8Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24Z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.8 3.6-4.9 6.7-4.9Z"
      />
    </svg>
  );
}

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
            <GoogleLogo />
            <span>{messages.login.google}</span>
          </a>
        </Card>
      </div>
    </main>
  );
}
