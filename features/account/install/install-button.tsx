'use client';

import { useSyncExternalStore } from 'react';

import { Button, type ButtonVariant } from '@/components/ui/button';
import { InstallIcon } from '@/components/ui/icons';
import { messages } from '@/lib/i18n/messages';
import {
  getInstallState,
  getServerInstallState,
  type InstallState,
  promptInstall,
  subscribeInstall,
} from '@/lib/install/install-prompt';

import styles from './install-button.module.css';

/** Whether the browser offers installing now and whether the app is installed (live). */
export function useInstallState(): InstallState {
  return useSyncExternalStore(subscribeInstall, getInstallState, getServerInstallState);
}

export interface InstallButtonProps {
  variant?: ButtonVariant;
  block?: boolean;
  /** The icon only, the label kept for assistive technology (the phone's top bar). */
  compact?: boolean;
  className?: string;
}

/**
 * `앱 설치`: shows the browser's install dialog (a kept `beforeinstallprompt`). Nothing is rendered
 * while the browser offers none, once the app is installed (`appinstalled`) or when it runs as the
 * installed app (`display-mode: standalone`).
 */
export function InstallButton({
  variant = 'secondary',
  block = false,
  compact = false,
  className,
}: InstallButtonProps) {
  const { available } = useInstallState();
  if (!available) return null;
  const text = messages.installApp;
  if (compact) {
    return (
      <button
        type="button"
        className={`${styles.compact} ${className ?? ''}`}
        onClick={() => void promptInstall()}
      >
        <InstallIcon />
        <span className="visuallyHidden">{text.button}</span>
      </button>
    );
  }
  return (
    <Button
      variant={variant}
      block={block}
      icon={<InstallIcon />}
      className={className}
      onClick={() => void promptInstall()}
    >
      {text.button}
    </Button>
  );
}

export interface InstallNavButtonProps {
  /** The look of the navigation's other account buttons. */
  className: string;
  /** The label's class (hidden on small phones, kept for assistive technology). */
  labelClassName: string;
}

/** `앱 설치` in the navigation's account corner (sidebar and phone bar), shown as InstallButton is. */
export function InstallNavButton({ className, labelClassName }: InstallNavButtonProps) {
  const { available } = useInstallState();
  if (!available) return null;
  return (
    <button type="button" className={className} onClick={() => void promptInstall()}>
      <InstallIcon />
      <span className={labelClassName}>{messages.installApp.button}</span>
    </button>
  );
}
