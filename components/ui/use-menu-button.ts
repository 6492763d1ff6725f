'use client';

import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

/** Which item takes focus when the menu opens. */
export type MenuFocus = 'first' | 'last' | 'checked';

/**
 * The WAI-ARIA menu button pattern, shared by every small menu (a club's ⋯ menu, a set's kind):
 * the button opens the menu (a click, or ArrowDown/ArrowUp onto the first/last item), arrows,
 * Home and End move between the items (`[role^="menuitem"]`, radios included) with wrapping,
 * Escape closes and gives focus back to the button, Tab or a tap outside `rootRef` closes.
 * Opening focuses `initialFocus` ('checked': the item with aria-checked="true") and brings the
 * menu into view (above a phone's tab bar, with the menu's scroll margin).
 *
 * The component renders the button (`buttonProps` and `buttonRef`), the menu while `open`
 * (`menuProps` and `menuRef`) and both inside `rootRef`.
 */
export function useMenuButton<Root extends HTMLElement>(initialFocus: MenuFocus = 'first') {
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const [focusOn, setFocusOn] = useState<MenuFocus>(initialFocus);
  const rootRef = useRef<Root>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  function menuItems(): HTMLElement[] {
    return Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);
  }

  useEffect(() => {
    if (!open) return;
    const all = menuItems();
    const target =
      focusOn === 'last'
        ? all.at(-1)
        : focusOn === 'checked'
          ? (all.find((item) => item.getAttribute('aria-checked') === 'true') ?? all[0])
          : all[0];
    target?.focus({ preventScroll: true });
    menuRef.current?.scrollIntoView?.({ block: 'nearest' });
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, focusOn]);

  function openMenu(at: MenuFocus) {
    setFocusOn(at);
    setOpen(true);
  }

  /** Closes the menu; `returnFocus` gives focus back to the button (after a choice, Escape). */
  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (open || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    event.preventDefault();
    openMenu(event.key === 'ArrowUp' ? 'last' : initialFocus);
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
        // Not the dialog around it: only the menu closes.
        event.preventDefault();
        event.stopPropagation();
        return close(true);
      case 'Tab':
        return close(false);
    }
  }

  return {
    open,
    close,
    rootRef,
    buttonRef,
    menuRef,
    buttonProps: {
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': open ? menuId : undefined,
      onClick: () => (open ? close(false) : openMenu(initialFocus)),
      onKeyDown: onButtonKeyDown,
    },
    menuProps: { id: menuId, role: 'menu' as const, onKeyDown: onMenuKeyDown },
  };
}
