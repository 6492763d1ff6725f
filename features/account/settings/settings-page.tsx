import { ButtonLink } from '@/components/ui/button';
import { UserIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { DataExportPanel } from '@/features/account/profile/data-export';
import { NotificationSettingsPanel } from '@/features/notifications/notification-settings';
import { TrainingSettingsPanel } from '@/features/training/settings/training-settings';
import { messages } from '@/lib/i18n/messages';

import { InstallPanel } from './install-panel';

/**
 * ⚙ `설정` (/settings, issue 29): what used to sit above the posts on /profile, composed as it was:
 * the training settings (kg/lb, auto 완료, rest, the end-of-rest notification), `알림 설정`, the app
 * (`앱 설치`), and `내 데이터` (export, import, `계정 삭제`). A server component; each panel is
 * its own client leaf.
 */
export function SettingsPage() {
  const text = messages.settingsPage;
  return (
    <>
      <PageHeader
        title={text.title}
        actions={
          <ButtonLink href="/profile" variant="secondary" icon={<UserIcon />}>
            {text.backToProfile}
          </ButtonLink>
        }
      />
      <TrainingSettingsPanel />
      <NotificationSettingsPanel />
      <InstallPanel />
      <DataExportPanel />
    </>
  );
}
