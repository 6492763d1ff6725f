'use client';

import type { Route } from 'next';
import Link from 'next/link';
import { Fragment, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

import { MoreIcon } from '@/components/ui/icons';

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
 * A ⋯ menu button (the WAI-ARIA menu button pattern): a 44 px button named `label` with
 * aria-haspopup="menu" and aria-expanded; the menu opens below it with focus on its first item
 * (on the last with ArrowUp). Arrow keys, Home and End move between items, Enter or Space
 * chooses, Escape closes and focus returns to the button, Tab or a click outside closes. Choosing
 * an item closes the menu and gives focus back to the button before the item runs, so a dialog
 * the item opens returns focus there too.
 */
export function ActionMenu({ label, items }: { label: string; items: ActionMenuItem[] }) {
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const [focusOn, setFocusOn] = useState<'first' | 'last'>('first');
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  function menuItems(): HTMLElement[] {
    return Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  }

  useEffect(() => {
    if (!open) return;
    const all = menuItems();
    (focusOn === 'last' ? all[all.length - 1] : all[0])?.focus();
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, focusOn]);

  function openMenu(at: 'first' | 'last') {
    setFocusOn(at);
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const all = menuItems();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(index + 1);
      case 'ArrowUp':
        return move(index - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(all.length - 1);
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        return close(true);
      case 'Tab':
        return close(false);
    }
  }

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
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <MoreIcon />
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          className={styles.menu}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKeyDown}
        >
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
