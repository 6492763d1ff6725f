import panel from '@/components/ui/panel.module.css';
import { messages } from '@/lib/i18n/messages';

import { AccountDeletion } from './account-deletion';
import styles from './data-export.module.css';
import { DataImport } from './data-import';
import { ExportLink } from './export-link';

const text = messages.dataRights;

/**
 * `내 데이터` on the own profile: a download link (not a client-side Link, not fetch), so the
 * browser saves the ZIP under the file name the backend's Content-Disposition gives, and the BFF's
 * transparent refresh covers an expired access token; it asks first whether the export would be
 * accepted and shows a refusal beside it. Then `기록 가져오기` and `계정 삭제` (client leaves). A
 * server component: no state of its own.
 */
export function DataExportPanel() {
  return (
    <section className={panel.panel} aria-labelledby="data-rights-heading">
      <h2 className={panel.heading} id="data-rights-heading">
        {text.heading}
      </h2>
      <p className={styles.description}>{text.exportDescription}</p>
      <ExportLink />
      <DataImport />
      <AccountDeletion />
    </section>
  );
}
