import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { SWRConfig } from 'swr';

import { ClubPage } from '@/features/clubs/club-page';
import { clubPageFallback } from '@/features/clubs/club-screen';
import { clubRead } from '@/features/clubs/reads/clubs';
import { parsePageId } from '@/lib/bff/page-rules';
import { serverRead } from '@/lib/bff/server-read';
import { messages } from '@/lib/i18n/messages';

interface Props {
  params: Promise<{ clubId: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const clubId = parsePageId((await params).clubId);
  if (!clubId) return { title: messages.notFound.title };
  return { title: (await serverRead(clubRead, clubId)).title };
}

// A club id is a positive integer (parsePageId); anything else, and a club the backend does not
// know, is a 404. The club and its members come with the HTML (issue 29).
export default async function Page({ params }: Props) {
  const clubId = parsePageId((await params).clubId);
  if (!clubId) notFound();
  return (
    <SWRConfig value={{ fallback: await clubPageFallback(clubId) }}>
      <ClubPage key={clubId} clubId={clubId} />
    </SWRConfig>
  );
}
