/**
 * The one STOMP ERROR the chat broker means for good (decisions.md §5): the member is not (or no
 * longer) in the room's club. Shared by the backend, which sends it, and the client, which stops
 * reconnecting only on this exact `message` header; every other ERROR (rate limit, a passing
 * server failure…) is a disconnect and the client retries. No imports: the backend bundles it.
 */
export const NOT_A_MEMBER_ERROR = 'not a member of this room';

/** True when an ERROR frame's headers say the member is not in the room (a permanent refusal). */
export function isMembershipRefusal(
  headers: Readonly<Record<string, string | undefined>>,
): boolean {
  return headers.message === NOT_A_MEMBER_ERROR;
}
