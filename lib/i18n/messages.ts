/**
 * The message catalogue: every user-visible string of the app, one module per feature under
 * features/, each group (`app`, `nav`, `feed`, …) an export of its own, gathered here as the
 * `messages` namespace so that every component reads `messages.<group>.<key>`. Components import
 * `messages` and never write Korean literals themselves.
 *
 * A namespace rather than one object spreading every feature's groups: the bundler keeps only the
 * groups a page's modules read, so a page no longer ships every feature's strings (and es-hangul,
 * which some of them use) with its first load.
 */
export * as messages from './groups';

export type Messages = typeof import('./groups');
