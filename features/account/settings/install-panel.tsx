'use client';

import { useId } from 'react';

import panel from '@/components/ui/panel.module.css';
import { InstallButton, useInstallState } from '@/features/account/install/install-button';
import { messages } from '@/lib/i18n/messages';

import styles from './install-panel.module.css';

/**
 * `앱` on the settings page: `앱 설치` while the browser offers installing (beforeinstallprompt),
 * a note when the app already runs installed, else how to add it from the browser's menu.
 */
export function InstallPanel() {
  const headingId = useId();
  const { available, installed } = useInstallState();
  const text = messages.settingsPage;
  return (
    <section className={panel.panel} aria-labelledby={headingId}>
      <h2 className={panel.heading} id={headingId}>
        {text.appHeading}
      </h2>
      <p className={styles.description}>{text.appDescription}</p>
      {installed ? <p className={styles.note}>{text.installed}</p> : null}
      {!installed && !available ? <p className={styles.note}>{text.notOffered}</p> : null}
      <InstallButton variant="primary" className={styles.install} />
    </section>
  );
}
