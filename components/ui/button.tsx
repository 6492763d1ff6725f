import Link from 'next/link';
import type { ComponentProps, ReactNode } from 'react';

import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'md' | 'lg' | 'sm';

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretch to the container's width. */
  block?: boolean;
  /** An icon before the label (decorative). */
  icon?: ReactNode;
}

/** Class names of a button, for elements that must look like one. */
export function buttonClassName(
  { variant = 'primary', size = 'md', block = false }: StyleProps = {},
  extra?: string,
): string {
  return [styles.button, styles[variant], styles[size], block ? styles.block : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

export type ButtonProps = StyleProps & ComponentProps<'button'>;

/** A button with the app's variants; `type` defaults to "button". */
export function Button({
  variant,
  size,
  block,
  icon,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button type={type} className={buttonClassName({ variant, size, block }, className)} {...rest}>
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children}
    </button>
  );
}

export type ButtonLinkProps = StyleProps & ComponentProps<typeof Link>;

/**
 * A client-side link that looks like a button. Not prefetched unless asked (`prefetch`): every
 * signed-in page is rendered on the server with the member's data, so a prefetch costs a server
 * render and its backend reads for a page the member may never open.
 */
export function ButtonLink({
  variant,
  size,
  block,
  icon,
  className,
  children,
  prefetch = false,
  ...rest
}: ButtonLinkProps) {
  return (
    <Link
      className={buttonClassName({ variant, size, block }, className)}
      prefetch={prefetch}
      {...rest}
    >
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children}
    </Link>
  );
}
