/**
 * The contract's plain values (limits, enums, chat wire helpers), without zod. Every other module
 * of lib/contract builds zod/mini schemas at load time, so importing even a constant from one of
 * them puts the zod core (~18 kB gzip) in the importing chunk. Browser code that every signed-in
 * page renders imports its contract values from here; the schema modules re-export them, so
 * `@/lib/contract/*` keeps offering everything to the BFF and the backend.
 */

/** The seven muscle groups, in the fixed UI order. */
export const CLASSIFICATIONS = [
  'CHEST',
  'BACK',
  'SHOULDER',
  'BICEPS',
  'TRICEPS',
  'LOWERBODY',
  'ABS',
] as const;

export const LIMITS = {
  name: 100,
  memo: 1000,
  sets: 50,
  reps: 10000,
  weight: 10000,
  /**
   * Items in one selection list: the exercises and routines added to a day at once
   * (`POST /api/todayExercise/{date}`) and the exercises added to a routine at once
   * (`POST /api/routineExercise`). The spec sets no limit; this is only a sanity bound that keeps
   * one request's work finite, far above any member's library, and has nothing to do with `sets`.
   */
  selection: 500,
} as const;

/** Rest after a ticked set, in seconds: the member's default and an exercise's own. */
export const REST_SECONDS = { min: 15, max: 600, default: 90, step: 15 } as const;

/**
 * The kinds of set a lifter logs (an addition to the original wire): a working set, a warm-up
 * (counted in neither volume nor records), a drop set (belongs to the set before it) and a set
 * taken to failure. A set the original client creates is NORMAL.
 */
export const SET_TYPES = ['NORMAL', 'WARMUP', 'DROP', 'FAILURE'] as const;

/** Rate of perceived exertion per set (optional): 6 to 10 in halves; reps in reserve = 10 − RPE. */
export const RPE = { min: 6, max: 10, step: 0.5 } as const;

/** Club field lengths after trimming, at least 1 each. */
export const CLUB_LIMITS = {
  title: 200,
  content: 2000,
  location: 200,
  schedule: 200,
  highlight: 200,
} as const;

/** `isMyClubs` filter values of `GET /api/clubs`: `0` all (also `all`), `1` mine. */
export const CLUB_FILTERS = { all: '0', mine: '1' } as const;
export type ClubFilter = (typeof CLUB_FILTERS)[keyof typeof CLUB_FILTERS];

export const COMMENT_LIMITS = { text: 1000 } as const;

export const POST_LIMITS = {
  /** Characters of a post's text after trimming. */
  text: 2000,
  /** Bytes of an uploaded image. */
  imageBytes: 10 * 1024 * 1024,
  /** Default and largest `?limit=` of the feeds. */
  defaultPage: 10,
  maxPage: 50,
} as const;

/**
 * Image types accepted by `POST /api/post`, decided by the file's content (magic bytes). HEIC/HEIF
 * (an iPhone's default) is stored and served as JPEG.
 */
export const IMAGE_MIME_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;

/**
 * Display variants written for every uploaded photo (issue 13): each width in each format, never
 * wider than the photo itself (a narrower photo's larger variants hold it at its own width).
 */
export const IMAGE_VARIANTS = {
  widths: [320, 640, 1080, 1600],
  formats: ['webp', 'jpg'],
  /**
   * The longest side of the display image (what `GET /api/images/{key}` serves for the key): more
   * pixels than this are never kept, so a browser that shrinks a photo before upload stops here.
   */
  displayMaxSide: 2560,
  /** Pixels (width × height) above which an upload is refused as a decompression bomb. */
  maxInputPixels: 50_000_000,
} as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANTS.widths)[number];
export type ImageVariantFormat = (typeof IMAGE_VARIANTS.formats)[number];

/** Every variant written for a photo: each width in each format, in one list for writer and remover. */
export const IMAGE_VARIANT_SPECS: readonly {
  width: ImageVariantWidth;
  format: ImageVariantFormat;
}[] = IMAGE_VARIANTS.widths.flatMap((width) =>
  IMAGE_VARIANTS.formats.map((format) => ({ width, format })),
);

/**
 * The storage key of a variant of the image stored under `key` (`<uuid>.<ext>`):
 * `<uuid>-w<width>.<format>`, served like any key at `GET /api/images/{key}` (and, behind a CDN,
 * at `IMAGE_BASE_URL` + the key), so a variant's address follows from the post's `imageUrl`.
 */
export function imageVariantKey(
  key: string,
  width: ImageVariantWidth,
  format: ImageVariantFormat,
): string {
  const dot = key.lastIndexOf('.');
  return `${dot < 0 ? key : key.slice(0, dot)}-w${width}.${format}`;
}

/** Chat limits: message length after trimming, history page sizes. */
export const CHAT_LIMITS = {
  messageMin: 1,
  messageMax: 1000,
  pageDefault: 20,
  pageMax: 100,
} as const;

/**
 * The sender of a chat message whose author deleted their account (`chat_messages.member_id` is
 * null then): the message stays so the conversation keeps its sense, and the sender keeps the
 * `MemberDto` shape (`id`, `name`, `picture`) so that the original client still renders it. No
 * member has id 0 (ids start at 1), so it is never "own" and never links to a profile.
 */
export const DELETED_SENDER = Object.freeze({
  id: 0,
  name: '(탈퇴한 회원)',
  picture: null,
} as const);

/** True when a chat message's sender is a deleted account (DELETED_SENDER). */
export function isDeletedSender(member: { id: number }): boolean {
  return member.id === DELETED_SENDER.id;
}

/** SockJS endpoint path, relative to the chat origin. */
export const CHAT_ENDPOINT = '/chat';
/**
 * `POST /api/chat/ticket`: a single-use chat ticket for a SockJS endpoint on another origin
 * (CHAT_URL), valid CHAT_TICKET_SECONDS; its STOMP CONNECT carries it in CHAT_TICKET_HEADER.
 */
export const CHAT_TICKET_PATH = '/api/chat/ticket';
export const CHAT_TICKET_HEADER = 'ticket';
export const CHAT_TICKET_SECONDS = 60;
/**
 * The SockJS close the server sends when the connection's session ended on the server (logout or
 * refresh-token reuse, on any instance): the client checks the session and goes to sign-in rather
 * than reconnecting. (4001 'Session expired' is the access token's expiry: it reconnects.)
 */
export const CHAT_SESSION_ENDED = { code: 4002, reason: 'Session ended' } as const;
/** The topic a room's messages are broadcast on. */
export function roomTopic(roomId: number): string {
  return `/topic/public/rooms/${roomId}`;
}
/** The destination a member SENDs a message of a room to. */
export function roomSendDestination(roomId: number): string {
  return `/app/chat/rooms/${roomId}/send`;
}
/** The SEND body: the JSON-encoded message text (the original client's wire format). */
export function chatSendBody(text: string): string {
  return JSON.stringify(text);
}

/** The live stream's SSE event names (`GET /api/events`, lib/contract/live.ts; issue 16). */
export const LIVE_EVENT = {
  /** The stream is open: whatever happened while it was closed must be read again. */
  ready: 'ready',
  /** A message arrived in one of the member's rooms (their own included). */
  chat: 'chat',
  /** The member read a room (on any device). */
  read: 'read',
  /** The member's set of rooms changed (joined, left, a club deleted). */
  rooms: 'rooms',
  /** The member's notifications changed (one arrived, or they were read elsewhere). */
  notification: 'notification',
} as const;

/** Unread chat counts stop here: the count query never scans further (the wire's cap). */
export const UNREAD_COUNT_CAP = 999;
/**
 * The unread badge shows counts up to this and `99+` past it (a one-line pill in the tab bar's icon
 * corner); below the wire's cap, so the count it reads past 99 is exact.
 */
export const UNREAD_BADGE_CAP = 99;
/**
 * Importing workout history from a CSV (`POST /api/member/import/preview` and
 * `POST /api/member/import`, issue 16): the files read, the limits of one file, and why a row
 * can be left out. The Korean wording of the reasons is the app's (lib/i18n), the wire carries
 * the codes.
 */
export const IMPORT_FORMATS = ['strong', 'hevy', 'everyhealth'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const IMPORT_LIMITS = {
  /** Bytes of one CSV file. */
  fileBytes: 5 * 1024 * 1024,
  /** Rows of one CSV file, the header not counted. */
  rows: 50_000,
  /** Skipped rows the preview lists one by one (all are counted, by reason). */
  listedSkips: 200,
} as const;

/**
 * Why a row of the file is not imported: not a set (Strong's rest timers and notes), no repetitions
 * (cardio or timed rows), a value outside the wire's limits (reps 1–10000, weight 0–10000), more
 * than `LIMITS.sets` sets of one exercise on one day, or a date or number that cannot be read.
 */
export const IMPORT_SKIP_REASONS = [
  'notASet',
  'noReps',
  'repsOutOfRange',
  'weightOutOfRange',
  'tooManySets',
  'badName',
  'badDate',
  'badNumber',
] as const;
export type ImportSkipReason = (typeof IMPORT_SKIP_REASONS)[number];

/** What a notification tells of (issue 16): a friend request, its acceptance, a comment, a like. */
export const NOTIFICATION_KINDS = ['FRIEND_REQUEST', 'FRIEND_ACCEPT', 'COMMENT', 'LIKE'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_LIMITS = {
  /** Default and largest `?limit=` of `GET /api/notifications`. */
  defaultPage: 20,
  maxPage: 50,
  /** Likers named in a grouped like (newest first); the rest are counted. */
  likers: 3,
  /** Characters of a comment a notification quotes. */
  commentPreview: 100,
  /** The unread count looks at this many of the newest unread notifications at most. */
  unreadScan: 1000,
  /** The bell's badge stops here and says `99+`. */
  badge: 99,
} as const;

/**
 * `/login?error=` value of a browser whose sign-in start the backend refused for now (too many
 * from its address; issue 17): the page says to wait rather than that the sign-in failed.
 */
export const SIGN_IN_BUSY_ERROR = 'busy';

/**
 * A routine's share token (issue 27): 128 random bits in base64url, 22 characters. Anything else
 * cannot be a token and is answered like an unknown one (404).
 */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;
