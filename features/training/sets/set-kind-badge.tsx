'use client';

import { useMenuButton } from '@/components/ui/use-menu-button';
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
  const { open, close, rootRef, buttonRef, menuRef, buttonProps, menuProps } =
    useMenuButton<HTMLSpanElement>('checked');
  const name = badgeName(n, badge);

  if (!onChange) {
    return (
      <span className={styles.badge} data-type={badge.type} title={name}>
        <span aria-hidden="true">{badge.text}</span>
        <span className="visuallyHidden">{name}</span>
      </span>
    );
  }

  function pick(type: SetType) {
    close(true);
    if (type !== badge.type) onChange?.(type);
  }

  return (
    <span className={styles.badgeWrap} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.badge}
        data-type={badge.type}
        aria-label={name}
        title={name}
        disabled={disabled}
        {...buttonProps}
      >
        {badge.text}
      </button>
      {open ? (
        <div
          ref={menuRef}
          className={styles.menu}
          aria-label={messages.setKinds.menuLabel(n)}
          {...menuProps}
        >
          {SET_TYPES.map((type) => (
            <button
              key={type}
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
