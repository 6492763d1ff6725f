'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';

import { Button, ButtonLink } from '@/components/ui/button';
import { FriendIcon } from '@/components/ui/icons';
import { EditIcon, SettingsIcon } from '@/components/ui/icons';
import { useSession } from '@/lib/auth/session-provider';
import type { SessionUser } from '@/lib/contract/session';
import { messages } from '@/lib/i18n/messages';

import styles from './own-profile-header.module.css';
import { FriendCount, MemberPostCount } from './profile-counts';
import { ProfileSummary } from './profile-summary';

// Loaded when the member opens it: the dialog and its photo shrinking are no part of the first view.
const ProfileEditDialog = dynamic(
  () => import('./profile-edit-dialog').then((module) => module.ProfileEditDialog),
  { ssr: false },
);

export interface OwnProfileHeaderProps {
  /** The signed-in member as the server's login check saw them (the first render). */
  member: Pick<SessionUser, 'name' | 'picture'>;
}

/**
 * The top of the own profile: avatar, name, the counts of posts and friends, and `프로필 편집`
 * (the dialog), `친구 관리` (the link to /friend) and ⚙ (`/settings`). The name and photo follow
 * the session, so an edit shows here and in the sidebar at once.
 */
export function OwnProfileHeader({ member }: OwnProfileHeaderProps) {
  const session = useSession();
  const [editing, setEditing] = useState(false);
  // The session's member is the one signed in (this page's); it follows an edit at once.
  const user = session.user;
  const shown = user ?? member;
  return (
    <>
      <ProfileSummary
        name={shown.name}
        picture={shown.picture}
        stats={[
          { label: messages.profile.posts, value: <MemberPostCount /> },
          { label: messages.profile.friends, value: <FriendCount /> },
        ]}
        actions={
          <>
            <Button
              variant="secondary"
              icon={<EditIcon />}
              onClick={() => setEditing(true)}
              disabled={!user}
              aria-haspopup="dialog"
            >
              {messages.profileEdit.open}
            </Button>
            <ButtonLink href="/friend" variant="secondary" icon={<FriendIcon />}>
              {messages.profile.manageFriends}
            </ButtonLink>
            <ButtonLink
              href="/settings"
              variant="secondary"
              className={styles.settings}
              aria-label={messages.settingsPage.open}
            >
              <SettingsIcon />
            </ButtonLink>
          </>
        }
      />
      {editing && user ? (
        <ProfileEditDialog member={user} onClose={() => setEditing(false)} />
      ) : null}
    </>
  );
}
