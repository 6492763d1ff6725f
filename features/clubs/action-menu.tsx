'use client';

import type { Route } from 'next';
import Link from 'next/link';
import { Fragment } from 'react';

import { MoreIcon } from '@/components/ui/icons';
import { useMenuButton } from '@/components/ui/use-menu-button';

import styles from './action-menu.module.css';

export interface ActionMenuItem {
  key: string;
  label: string;
  /** A link item (client-side navigation); otherwise `onSelect` runs. */
  href?: Route;
  onSelect?: () => void;
  /** Destructive (leave, delete): drawn in the danger colour, after a separator. */
  tone?: 'danger';
  /** Shown but not chosen (e.g. while the member's role is still loading). */
  disabled?: boolean;
}

/**
 * A ⋯ menu button (components/ui/use-menu-button.ts: the keys, focus and closing): a 44 px button
 * named `label`, its menu below it. Choosing an item closes the menu and gives focus back to the
 * button before the item runs, so a dialog the item opens returns focus there too.
 */
export function ActionMenu({ label, items }: { label: string; items: ActionMenuItem[] }) {
  const { open, close, rootRef, buttonRef, menuRef, buttonProps, menuProps } =
    useMenuButton<HTMLDivElement>();

  function choose(item: ActionMenuItem) {
    if (item.disabled) return;
    close(true);
    item.onSelect?.();
  }

  const dangerStart = items.findIndex((item) => item.tone === 'danger');

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-label={label}
        {...buttonProps}
      >
        <MoreIcon />
      </button>
      {open ? (
        <div ref={menuRef} className={styles.menu} aria-label={label} {...menuProps}>
          {items.map((item, index) => {
            const className = `${styles.item} ${item.tone === 'danger' ? styles.danger : ''}`;
            const separator =
              index === dangerStart && index > 0 ? (
                <div role="separator" className={styles.separator} />
              ) : null;
            if (item.href && !item.disabled) {
              return (
                <Fragment key={item.key}>
                  {separator}
                  <Link
                    href={item.href}
                    prefetch={false}
                    role="menuitem"
                    tabIndex={-1}
                    className={className}
                    onClick={() => close(false)}
                  >
                    {item.label}
                  </Link>
                </Fragment>
              );
            }
            return (
              <Fragment key={item.key}>
                {separator}
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={className}
                  aria-disabled={item.disabled || undefined}
                  onClick={() => choose(item)}
                >
                  {item.label}
                </button>
              </Fragment>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
