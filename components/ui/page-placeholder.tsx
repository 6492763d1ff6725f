import type { ReactNode } from 'react';

import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

import styles from './page-placeholder.module.css';

export interface PagePlaceholderProps {
  /** The page's h1. */
  heading: string;
  /** A line under the heading. */
  description?: string;
  /** What the page will hold. */
  placeholder: { title: string; description: string };
  icon: ReactNode;
  /** Header actions (links to sub-pages). */
  actions?: ReactNode;
}

/** A page heading and a calm card describing the content that will live there. */
export function PagePlaceholder({
  heading,
  description,
  placeholder,
  icon,
  actions,
}: PagePlaceholderProps) {
  return (
    <>
      <PageHeader title={heading} description={description} actions={actions} />
      <Card padding="lg" className={styles.card}>
        <EmptyState icon={icon} title={placeholder.title} description={placeholder.description} />
      </Card>
    </>
  );
}
