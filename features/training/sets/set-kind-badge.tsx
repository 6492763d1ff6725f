'use client';

import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

import { messages } from '@/lib/i18n/messages';

import { SET_TYPES, type SetBadge, type SetType } from './set-kinds';
import styles from './set-kinds.module.css';

export interface SetKindBadgeProps {
  /** The set's position in its exercise, from 1 (the accessible names say `N세트`). */
  n: number;
  badge: SetBadge;
  /** Sets the kind; without it the badge is a plain mark (a friend's log, a read-only list). */
  onChange?: (type: SetType) => void;
  disabled?: boolean;
}

/**
 * The badge's accessible name: its position, its kind with the letter shown (so the name holds
 * the visible label), and what a warm-up or a drop means.
 */
function badgeName(n: number, badge: SetBadge): string {
  const type = messages.setKinds.types[badge.type];
  const kind = messages.setKinds.kindName(
    type,
    badge.text,
    badge.type === 'WARMUP' ? messages.setKinds.warmupNote : null,
  );
  return messages.setKinds.badgeLabel(n, kind, badge.joined ? badge.joinedTo : null);
}

/**
 * A set's kind as lifters mark it: the set's number for a working set, `W` (warm-up), `D` (drop
 * set) or `F` (to failure). One tap opens a small menu of the four kinds (a menu button:
 * `aria-haspopup`, the kinds as `menuitemradio`s, arrows/Home/End move, Enter or Space picks,
 * Escape or a tap elsewhere closes, and focus goes back to the badge).
 */
export function SetKindBadge({ n, badge, onChange, disabled = false }: SetKindBadgeProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<Array<HTMLButtonElement | null>>([]);
  const menu = useRef<HTMLDivElement>(null);
  const name = badgeName(n, badge);

  // A tap or a click outside the menu closes it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // Opening moves focus to the kind the set has, and brings the whole menu into view (above a
  // phone's tab bar: the menu's scroll margin).
  useEffect(() => {
    if (!open) return;
    items.current[SET_TYPES.indexOf(badge.type)]?.focus({ preventScroll: true });
    menu.current?.scrollIntoView?.({ block: 'nearest' });
  }, [open, badge.type]);

  if (!onChange) {
    return (
      <span className={styles.badge} data-type={badge.type} title={name}>
        <span aria-hidden="true">{badge.text}</span>
        <span className="visuallyHidden">{name}</span>
      </span>
    );
  }

  function close(refocus: boolean) {
    setOpen(false);
    if (refocus) button.current?.focus();
  }

  function pick(type: SetType) {
    close(true);
    if (type !== badge.type) onChange?.(type);
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = items.current.findIndex((item) => item === document.activeElement);
    const last = SET_TYPES.length - 1;
    const move = (index: number) => {
      event.preventDefault();
      items.current[index]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(current >= last ? 0 : current + 1);
      case 'ArrowUp':
        return move(current <= 0 ? last : current - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(last);
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        return close(true);
      case 'Tab':
        return close(false);
    }
  }

  const menuId = `${id}-menu`;
  return (
    <span className={styles.badgeWrap} ref={wrapper}>
      <button
        ref={button}
        type="button"
        className={styles.badge}
        data-type={badge.type}
        aria-label={name}
        title={name}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => setOpen((now) => !now)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {badge.text}
      </button>
      {open ? (
        <div
          ref={menu}
          id={menuId}
          className={styles.menu}
          role="menu"
          aria-label={messages.setKinds.menuLabel(n)}
          onKeyDown={onMenuKeyDown}
        >
          {SET_TYPES.map((type, index) => (
            <button
              key={type}
              ref={(element) => {
                items.current[index] = element;
              }}
              type="button"
              role="menuitemradio"
              aria-checked={type === badge.type}
              tabIndex={type === badge.type ? 0 : -1}
              className={styles.menuItem}
              onClick={() => pick(type)}
            >
              <span className={styles.menuLetter} data-type={type} aria-hidden="true">
                {messages.setKinds.letters[type]}
              </span>
              {messages.setKinds.types[type]}
            </button>
          ))}
        </div>
      ) : null}
    </span>
  );
}
