import type { Metadata } from 'next';
import { SWRConfig } from 'swr';

import { ProfilePage } from '@/features/account/profile/profile-page';
import { profileScreen } from '@/features/account/profile/profile-screen';
import {
  COMMENTS_VIEW,
  POST_PARAM,
  postFromParam,
  PROFILE_TABS,
  TAB_PARAM,
  tabFromParam,
  VIEW_PARAM,
} from '@/features/account/profile/tab-param';
import { messages } from '@/lib/i18n/messages';

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export const metadata: Metadata = { title: messages.pages.profile };

export default async function Page({ searchParams }: Props) {
  const [{ member, fallback }, query] = await Promise.all([profileScreen(), searchParams]);
  return (
    <SWRConfig value={{ fallback }}>
      <ProfilePage
        member={member}
        initialTab={tabFromParam(PROFILE_TABS, query[TAB_PARAM])}
        focusPostId={postFromParam(query[POST_PARAM])}
        openComments={query[VIEW_PARAM] === COMMENTS_VIEW}
      />
    </SWRConfig>
  );
}
