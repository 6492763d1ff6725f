import { MEMBER_EXPORT_PATH } from '@/lib/api/keys';
import { buttonClassName } from '@/components/ui/button';
import { messages } from '@/lib/i18n/messages';
import { AccountDeletion } from './account-deletion';
import panel from './profile-panel.module.css';
import { DataImport } from './data-import';
import styles from './data-export.module.css';

const text = messages.dataRights;

/**
 * `내 데이터` on the own profile: a plain download link (not a client-side Link, not fetch), so the
 * browser saves the ZIP under the file name the backend's Content-Disposition gives, and the BFF's
 * transparent refresh covers an expired access token; then `기록 가져오기` and `계정 삭제` (client
 * leaves). A server component: no state of its own.
 */
export function DataExportPanel() {
  return (
    <section className={panel.panel} aria-labelledby="data-rights-heading">
      <h2 className={panel.heading} id="data-rights-heading">
        {text.heading}
      </h2>
      <p className={styles.description}>{text.exportDescription}</p>
      <a
        className={buttonClassName({ variant: 'secondary' }, styles.download)}
        href={MEMBER_EXPORT_PATH}
        download
      >
        {text.exportButton}
      </a>
      <DataImport />
      <AccountDeletion />
    </section>
  );
}
