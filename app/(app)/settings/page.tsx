import type { Metadata } from 'next';
import { SWRConfig } from 'swr';

import { SettingsPage } from '@/features/account/settings/settings-page';
import { settingsScreen } from '@/features/account/settings/settings-screen';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.settings };

export default async function Page() {
  const { fallback } = await settingsScreen();
  return (
    <SWRConfig value={{ fallback }}>
      <SettingsPage />
    </SWRConfig>
  );
}
