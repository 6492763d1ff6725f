import type { ElementType, HTMLAttributes } from 'react';

import styles from './card.module.css';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** The element to render (section by default). */
  as?: ElementType;
  /** Inner padding; `none` for media-first cards. */
  padding?: 'none' | 'md' | 'lg';
}

/** A white, rounded surface on the neutral background. */
export function Card({ as: Tag = 'section', padding = 'md', className, ...rest }: CardProps) {
  return (
    <Tag
      className={[styles.card, styles[padding], className].filter(Boolean).join(' ')}
      {...rest}
    />
  );
}
