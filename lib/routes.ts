import type { Route } from 'next';

/**
 * The app's page paths with a dynamic segment. Next's typed routes check a static path like
 * `/friend` where it is written, but a built one only through a cast: each cast lives here, once,
 * beside the page folder it names, so a moved page is fixed in one place.
 */

/** A member's profile page (`app/(app)/friendProfile/[friendId]`). */
export function friendProfilePath(memberId: number): Route {
  return `/friendProfile/${memberId}` as Route;
}

/** A club's page (`app/(app)/club/[clubId]`). */
export function clubPagePath(clubId: number): Route {
  return `/club/${clubId}` as Route;
}

/** A club's chat room page (`app/(app)/chat/[roomId]`). */
export function chatRoomPath(chatRoomId: number): Route {
  return `/chat/${chatRoomId}` as Route;
}
