/**
 * The one STOMP ERROR the chat broker means for good: the member is not (or no longer) in the
 * room's club. Shared by the backend, which sends it, and the client, which stops reconnecting only
 * on this exact `message` header; every other ERROR (rate limit, a passing server failure…) is a
 * disconnect and the client retries. No imports: the backend bundles it.
 */
export const NOT_A_MEMBER_ERROR = 'not a member of this room';

/** True when an ERROR frame's headers say the member is not in the room (a permanent refusal). */
export function isMembershipRefusal(
  headers: Readonly<Record<string, string | undefined>>,
): boolean {
  return headers.message === NOT_A_MEMBER_ERROR;
}

/**
 * ERRORs that refuse one SUBSCRIBE and leave the connection open (the broker's only non-fatal
 * ERRORs): a second subscription to a room already subscribed on this connection, and one past the
 * connection's subscription limit (CHAT_MAX_SUBSCRIPTIONS, 8 by default). The UI subscribes once per
 * connection and never sees them; a client that does keeps its connection and subscriptions.
 */
export const ALREADY_SUBSCRIBED_ERROR = 'already subscribed to this room';
export const TOO_MANY_SUBSCRIPTIONS_ERROR = 'too many subscriptions';

/** True when an ERROR frame refused only a SUBSCRIBE: the connection stays usable. */
export function isSubscriptionRefusal(
  headers: Readonly<Record<string, string | undefined>>,
): boolean {
  return (
    headers.message === ALREADY_SUBSCRIBED_ERROR || headers.message === TOO_MANY_SUBSCRIPTIONS_ERROR
  );
}

/**
 * ERRORs of a CONNECT on a session opened without the cookie (SockJS on another origin, CHAT_URL):
 * it carried no `ticket` header, or its ticket is unknown, used already, expired, or its member or
 * session is gone (one answer for all, so a replay learns nothing), or it named another member in
 * `login`. The connection is closed; the client mints a fresh ticket and retries.
 */
export const TICKET_REQUIRED_ERROR = 'ticket required';
export const TICKET_REFUSED_ERROR = 'invalid ticket';
export const TICKET_OTHER_LOGIN_ERROR = 'ticket is not for this login';
