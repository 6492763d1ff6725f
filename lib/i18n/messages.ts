import { accountMessages } from './features/account';
import { clubsMessages } from './features/clubs';
import { dayLogMessages } from './features/day-log';
import { friendsMessages } from './features/friends';
import { notificationsMessages } from './features/notifications';
import { postsMessages } from './features/posts';
import { shellMessages } from './features/shell';
import { trainingMessages } from './features/training';

/**
 * The message catalogue: every user-visible string of the app, one module per feature under
 * features/, put together here so that every component reads `messages.<group>.<key>` as before.
 * Components import `messages` and never write Korean literals themselves.
 */
export const messages = {
  ...shellMessages,
  ...dayLogMessages,
  ...trainingMessages,
  ...postsMessages,
  ...friendsMessages,
  ...clubsMessages,
  ...accountMessages,
  ...notificationsMessages,
} as const;

export type Messages = typeof messages;
