'use client';

import { useRead } from '@/lib/hooks/use-read';

import { sentRequestsRead } from './reads';
import { RelationList, SENT_KIND } from './relation-list';

/** The `보낸 요청` tab: requests the caller sent, each `요청됨` with `요청 취소`. */
export function SentRequests() {
  const { data: sent, error, mutate } = useRead(sentRequestsRead, []);
  return <RelationList kind={SENT_KIND} entries={sent} error={error} mutate={mutate} />;
}
