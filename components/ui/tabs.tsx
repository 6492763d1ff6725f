'use client';

import { type KeyboardEvent, type MouseEvent, type ReactNode, useId, useRef } from 'react';

import styles from './tabs.module.css';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  /** A number shown beside the label (e.g. how many posts). */
  count?: number;
  /**
   * The page's address with this tab open (`?tab=…`, which the server honours): the tab is then a
   * link, so it works before and without JavaScript; with it, a plain click switches in place.
   */
  href?: string;
}

export interface TabsProps<K extends string> {
  /** Accessible name of the tab list. */
  label: string;
  items: readonly TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  /** The selected tab's content (only the selected panel is rendered). */
  children: ReactNode;
}

type TabElement = HTMLButtonElement | HTMLAnchorElement;

/** A click the browser should handle itself (a new tab or window, a download). */
function isModifiedClick(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * Accessible tabs (WAI-ARIA tabs pattern, automatic activation): role tablist/tab/tabpanel, a
 * roving tabindex, ←/→ to move between tabs (wrapping), Home/End for the first and last. Tabs
 * with an `href` are links (see TabItem.href); the others are buttons.
 */
export function Tabs<K extends string>({ label, items, value, onChange, children }: TabsProps<K>) {
  const baseId = useId();
  const refs = useRef(new Map<K, TabElement>());
  const tabId = (key: K) => `${baseId}-tab-${key}`;
  const panelId = (key: K) => `${baseId}-panel-${key}`;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // From the focused tab (it is the selected one unless focus was moved by other means).
    const focused = items.findIndex((item) => refs.current.get(item.key) === event.target);
    const index = focused >= 0 ? focused : items.findIndex((item) => item.key === value);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    if (next < 0) return;
    event.preventDefault();
    const key = items[next].key;
    onChange(key);
    refs.current.get(key)?.focus();
  }

  return (
    <div className={styles.tabs}>
      <div className={styles.list} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const selected = item.key === value;
          const props = {
            ref: (element: TabElement | null) => {
              if (element) refs.current.set(item.key, element);
              else refs.current.delete(item.key);
            },
            role: 'tab',
            id: tabId(item.key),
            'aria-controls': panelId(item.key),
            'aria-selected': selected,
            tabIndex: selected ? 0 : -1,
            className: styles.tab,
          } as const;
          const content = (
            <>
              {item.label}
              {item.count !== undefined ? (
                <span className={styles.count} aria-hidden="true">
                  {item.count}
                </span>
              ) : null}
            </>
          );
          if (item.href !== undefined) {
            return (
              <a
                key={item.key}
                {...props}
                href={item.href}
                onClick={(event) => {
                  if (isModifiedClick(event)) return;
                  event.preventDefault();
                  onChange(item.key);
                }}
              >
                {content}
              </a>
            );
          }
          return (
            <button key={item.key} {...props} type="button" onClick={() => onChange(item.key)}>
              {content}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.key}
          role="tabpanel"
          id={panelId(item.key)}
          aria-labelledby={tabId(item.key)}
          hidden={item.key !== value}
          tabIndex={0}
          className={styles.panel}
        >
          {item.key === value ? children : null}
        </div>
      ))}
    </div>
  );
}
