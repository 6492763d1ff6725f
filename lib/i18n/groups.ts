/**
 * Every group of the message catalogue as a named export of its own (`app`, `nav`, `feed`, …),
 * which lib/i18n/messages.ts re-exports as the `messages` namespace. A namespace's members are
 * exports, so the bundler keeps only the groups a module reads (`messages.nav.home` keeps `nav`):
 * one object holding every group made each page ship the whole catalogue, every feature's strings
 * and es-hangul with them, ~13 kB gzip on every page /login included.
 */
export {
  dataImport,
  dataRights,
  importMatch,
  notificationSettings,
  profile,
  profileEdit,
  settingsPage,
} from './features/account';
export { chat, clubForm, clubMenu, clubPage, clubs, unread } from './features/clubs';
export {
  dayLog,
  homePhone,
  inlineSets,
  rest,
  restTimer,
  sets,
  sync,
  trainingSettings,
} from './features/day-log';
export { friendProfile, friends } from './features/friends';
export { notifications } from './features/notifications';
export { comments, feed, focusedPost, photoShrink, social, upload } from './features/posts';
export {
  app,
  dialog,
  guard,
  install,
  installApp,
  login,
  nav,
  notFound,
  offlinePage,
  pages,
  placeholders,
} from './features/shell';
export {
  catalogue,
  classification,
  exercise,
  history,
  reorder,
  routine,
  training,
  weekSummary,
} from './features/training';
