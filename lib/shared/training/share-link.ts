/**
 * A shared routine's link in free text (issue 27: a chat message that carries one shows a card):
 * the first `/routine/shared/{token}` (on any host, or as a bare path), its token, or null.
 */
const SHARE_LINK =
  /(?:^|[\s(<"'])(?:https?:\/\/[^\s/]+)?\/routine\/shared\/([A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/;

/** The token of the first share link in `text`; null when there is none. */
export function sharedRoutineTokenIn(text: string): string | null {
  return SHARE_LINK.exec(text)?.[1] ?? null;
}
