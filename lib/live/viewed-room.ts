/**
 * The chat room on screen in this tab, if any: its new messages are seen as they arrive, so the
 * unread counts skip them instead of showing a count for the moment before the read mark is sent.
 */
let viewedRoomId: number | null = null;

/** Records the room the member is looking at (null: none); returns the undo for effects. */
export function setViewedRoom(roomId: number | null): () => void {
  viewedRoomId = roomId;
  return () => {
    if (viewedRoomId === roomId) viewedRoomId = null;
  };
}

/** True when `roomId` is on screen in this tab and the tab is visible. */
export function isRoomInView(roomId: number): boolean {
  return (
    viewedRoomId === roomId &&
    (typeof document === 'undefined' || document.visibilityState === 'visible')
  );
}
