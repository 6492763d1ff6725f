import type { FastifyInstance } from 'fastify';

import type { AuthContext } from '../auth/context';
import { clearSessionCookies } from '../auth/cookies';
import type { ChatHub } from '../chat/hub';
import type { Db } from '../db/client';
import { requireMember } from '../http/auth-hook';
import type { ImageStorage } from '../storage/image-storage';
import { finishImageDeletions } from '../storage/pending-deletions';
import { deleteAccount } from './service';

/** `계정 삭제` (issue 16, an addition to the wire): `DELETE /api/member`. */
export async function accountRoutes(
  app: FastifyInstance,
  options: { db: Db; images: ImageStorage; hub: ChatHub; auth: AuthContext },
): Promise<void> {
  const { db, images, hub, auth } = options;

  /**
   * Deletes the signed-in member with everything they own (account/service.ts), then ends the
   * session everywhere: the refresh-token families went with the member (every device's refresh
   * is 401), the member is forgotten by every instance's lookup (their access tokens are 401), their
   * chat connections close and the rooms they were in revoke them, and both cookies are cleared on
   * the answer. 204. Signed-in only; the Origin check guards it like every write.
   */
  app.delete('/api/member', async (request, reply) => {
    const member = requireMember(request);
    const deleted = await deleteAccount(db, member.id);
    // Committed: nothing below may undo the answer. A failing storage leaves its deletions
    // recorded for the next start; the fan-out logs its own failures.
    auth.members.forget(member.id);
    await hub.memberGone(member.id);
    for (const room of deleted?.rooms ?? []) {
      await hub.revoke(room.roomId, room.clubDeleted ? null : member.id);
    }
    await finishImageDeletions(db, images, deleted?.imageKeys ?? [], (imageKey, error) =>
      request.log.warn({ err: error, imageKey }, 'image deletion left for the next start'),
    );
    if (deleted) request.log.info({ memberId: member.id }, 'account deleted');
    clearSessionCookies(reply, auth.cookies);
    return reply.status(204).send();
  });
}
