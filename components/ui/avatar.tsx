'use client';

import { useState } from 'react';

import styles from './avatar.module.css';

export type AvatarSize = 'sm' | 'md' | 'lg';

export interface AvatarProps {
  name: string;
  picture?: string | null;
  size?: AvatarSize;
  className?: string;
  /** Beside the member's name (e.g. in a link that names them): hidden from assistive technology. */
  decorative?: boolean;
}

const tones = [styles.tone1, styles.tone2, styles.tone3, styles.tone4, styles.tone5, styles.tone6];

/** The first letter of a name (a whole grapheme for Hangul and emoji), upper-cased. */
export function initialOf(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return '?';
  const [first] = Array.from(trimmed);
  return first.toUpperCase();
}

function toneOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return tones[hash % tones.length];
}

/** A member's picture, or the first letter of the name in a coloured circle (also when the picture fails). */
export function Avatar({ name, picture, size = 'md', className, decorative = false }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const classes = [styles.avatar, styles[size], className].filter(Boolean).join(' ');
  if (picture && failed !== picture) {
    return (
      // Member pictures come from the identity provider's host; next/image would need each host configured.
      // eslint-disable-next-line @next/next/no-img-element
      <img
        className={classes}
        src={picture}
        alt={decorative ? '' : name}
        referrerPolicy="no-referrer"
        loading="lazy"
        decoding="async"
        onError={() => setFailed(picture)}
      />
    );
  }
  return (
    <span
      className={`${classes} ${styles.initial} ${toneOf(name)}`}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}
    >
      <span aria-hidden="true">{initialOf(name)}</span>
    </span>
  );
}
