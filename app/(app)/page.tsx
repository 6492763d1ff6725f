import type { Metadata } from 'next';
import { HomePage } from '@/components/home/home-page';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.pages.home };

export default function Page() {
  return <HomePage />;
}
