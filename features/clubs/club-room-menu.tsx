'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';

import { useConfirm } from '@/components/ui/confirm-dialog';
import { failureMessage } from '@/components/ui/errors';
import { useToast } from '@/components/ui/toast';
import { clubOfRoomRead, clubRead } from '@/features/clubs/reads/clubs';
import { loadApi } from '@/lib/api/load';
import { useRead } from '@/lib/hooks/use-read';
import { messages } from '@/lib/i18n/messages';
import { fetchRead } from '@/lib/reads/fetch-read';
import { clubPagePath } from '@/lib/routes';

import { ActionMenu, type ActionMenuItem } from './action-menu';
import { ClubDeleteDialog } from './club-delete-dialog';
import { useRevalidateClub, useRevalidateClubs } from './use-revalidate-clubs';

const text = messages.clubMenu;

/**
 * Who the member is in the room's club: `owner` and `member` from the club's page read; `unknown`
 * when that read is not to be had (a backend without it, as the original, or a failed read);
 * `loading` until then.
 */
type RoomRole = 'loading' | 'owner' | 'member' | 'unknown';

/**
 * The ⋯ menu of a club's chat room (issue 29): `클럽 정보` (the club's page), then
 * - for a member, `클럽 탈퇴`, confirmed with what leaving means for them (their messages stay);
 * - for the owner, `클럽 삭제`, confirmed by typing the club's name (DELETE /api/club/{id});
 * - when the member's role cannot be known, the spec's `나가기`, unchanged: its confirmation
 *   `채팅방을 나가시겠습니까? 방장인 경우 클럽이 삭제됩니다.`, the room's club looked up, left
 *   (DELETE /api/club/{id}/leave), `채팅방에서 나갔습니다.` or `채팅방 나가기에 실패했습니다.`.
 * Each ends on /club with the club lists revalidated.
 */
export function ClubRoomMenu({ roomId }: { roomId: number }) {
  const router = useRouter();
  const confirm = useConfirm();
  const toast = useToast();
  const revalidateClubs = useRevalidateClubs();
  const revalidateClub = useRevalidateClub();
  const { data: roomClub, error: roomError } = useRead(clubOfRoomRead, [roomId]);
  const { data: club, error: clubError } = useRead(clubRead, roomClub ? [roomClub.id] : null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);

  let role: RoomRole = 'loading';
  if (club) role = club.isOwner ? 'owner' : club.isMember ? 'member' : 'unknown';
  else if (roomError || clubError) role = 'unknown';

  function done(clubId: number | undefined, message: string) {
    toast.success(message);
    void revalidateClubs();
    if (clubId !== undefined) void revalidateClub(clubId);
    router.push('/club');
  }

  /**
   * The spec's `나가기`, for a member whose role is not known: its one confirmation warns that an
   * owner leaving deletes the club.
   */
  async function leaveAsSpec() {
    const confirmed = await confirm({
      title: messages.chat.leaveTitle,
      message: messages.chat.leaveConfirm,
      confirmLabel: messages.chat.leave,
      tone: 'danger',
    });
    if (!confirmed) return;
    setBusy(true);
    let clubId: number;
    try {
      const api = await loadApi();
      clubId = roomClub?.id ?? (await fetchRead(clubOfRoomRead, roomId)).id;
      await api.leaveClub(clubId);
    } catch (error) {
      console.error('chat: leave failed', error);
      toast.error(failureMessage(error, messages.chat.leaveFailed));
      setBusy(false);
      return;
    }
    done(clubId, messages.chat.left);
  }

  async function leaveAsMember(clubId: number, title: string) {
    const confirmed = await confirm({
      title: text.leaveTitle,
      message: text.leaveConfirm(title),
      confirmLabel: text.leaveConfirmLabel,
      tone: 'danger',
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await (await loadApi()).leaveClub(clubId);
    } catch (error) {
      console.error('club: leave failed', error);
      toast.error(failureMessage(error, text.leaveFailed));
      setBusy(false);
      return;
    }
    done(clubId, text.left(title));
  }

  async function deleteAsOwner(clubId: number, title: string) {
    setBusy(true);
    try {
      await (await loadApi()).deleteClub(clubId);
    } catch (error) {
      console.error('club: delete failed', error);
      toast.error(failureMessage(error, text.deleteFailed));
      setBusy(false);
      return;
    }
    setDeleting(false);
    done(clubId, text.deleted(title));
  }

  const items: ActionMenuItem[] = [];
  if (roomClub) items.push({ key: 'info', label: text.info, href: clubPagePath(roomClub.id) });
  if (role === 'loading') {
    items.push({ key: 'loading', label: text.loading, disabled: true });
  } else if (role === 'owner' && club) {
    items.push({
      key: 'delete',
      label: text.delete,
      tone: 'danger',
      disabled: busy,
      onSelect: () => setDeleting(true),
    });
  } else if (role === 'member' && club) {
    items.push({
      key: 'leave',
      label: text.leave,
      tone: 'danger',
      disabled: busy,
      onSelect: () => void leaveAsMember(club.id, club.title),
    });
  } else {
    items.push({
      key: 'leave',
      label: busy ? messages.chat.leaving : messages.chat.leave,
      tone: 'danger',
      disabled: busy,
      onSelect: () => void leaveAsSpec(),
    });
  }

  return (
    <>
      <ActionMenu label={text.open} items={items} />
      {deleting && club ? (
        <ClubDeleteDialog
          title={club.title}
          busy={busy}
          onCancel={() => setDeleting(false)}
          onDelete={() => void deleteAsOwner(club.id, club.title)}
        />
      ) : null}
    </>
  );
}
