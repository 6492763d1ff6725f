import type { Metadata } from 'next';
import { SWRConfig } from 'swr';
import { HomePage } from '@/components/home/home-page';
import { homeFallback } from '@/lib/bff/screens/home';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.home };

export default async function Page() {
  return (
    <SWRConfig value={{ fallback: await homeFallback() }}>
      <HomePage />
    </SWRConfig>
  );
}
