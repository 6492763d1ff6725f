/**
 * The security headers of every page (issue 17): the Content-Security-Policy with a per-request
 * nonce (its violations reported to the backend), Permissions-Policy and, on https, HSTS. proxy.ts sets
 * them on each page response (and the policy on the request, so that Next stamps its own scripts
 * with the nonce). No server-only imports: the jest tests and proxy.ts both use it.
 */

/**
 * Where browsers send violation reports (`report-uri`): the backend's logging endpoint, through
 * the BFF. The policy has no `report-to`: with it Chrome ignores `report-uri` and hands reports
 * to the Reporting API, which batches them for up to a minute and in headless Chromium (the e2e
 * suite's) never delivered one; `report-uri` alone reports at once in every browser. The endpoint
 * reads the Reporting API's format too, should `report-to` be added.
 */
export const CSP_REPORT_PATH = '/api/csp-report';

/**
 * Hosts of members' pictures when Google is the identity provider (`lh3.googleusercontent.com`
 * and its siblings). The app cannot tell whether the backend uses Google, and allowing images
 * from there is harmless, so they are always allowed.
 */
export const PROFILE_PICTURE_SOURCES = ['https://*.googleusercontent.com'] as const;

/**
 * Only what the app uses is left to the browser's defaults: notifications and vibration (the rest
 * timer) are not policy-controlled features, so they are not named (browsers warn about unknown
 * names); the photo picker is a plain file input, whose camera option is the phone's own chooser,
 * not the page's camera. Everything below is denied to the page and to any frame.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** Two years, subdomains included: what the HSTS preload list asks for. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/** What the policy is built from: the runtime config the browser uses (lib/config.ts). */
export interface SecurityConfig {
  /** PUBLIC_URL: the app's origin. */
  publicUrl: string;
  /** CHAT_URL as the browser gets it ('' = same origin). */
  chatUrl: string;
  /** IMAGE_BASE_URL as the browser gets it ('' = `/api/images/` on the app's origin). */
  imageBaseUrl: string;
  /** `next dev`: React needs eval for its debugging aids, and the error overlay inline styles. */
  dev?: boolean;
}

/** A fresh, unguessable nonce: 128 random bits, base64. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The origin of an absolute http(s) URL, or null for '' or a path (same origin). */
function originOf(url: string): string | null {
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The sources `connect-src` needs for SockJS at CHAT_URL when that is another origin: its http(s)
 * origin (info, xhr-streaming and polling) and the matching ws(s) origin (the WebSocket).
 */
export function chatSources(chatUrl: string, publicUrl: string): string[] {
  const chat = originOf(chatUrl);
  if (chat === null || chat === originOf(publicUrl)) return [];
  return [chat, chat.replace(/^http/i, 'ws')];
}

/** IMAGE_BASE_URL's origin when post images come from another origin (a CDN, a bucket). */
export function imageSources(imageBaseUrl: string, publicUrl: string): string[] {
  const images = originOf(imageBaseUrl);
  return images === null || images === originOf(publicUrl) ? [] : [images];
}

/** True when PUBLIC_URL is https: HSTS and upgrade-insecure-requests apply. */
export function isHttps(publicUrl: string): boolean {
  return /^https:\/\//i.test(publicUrl);
}

/**
 * The Content-Security-Policy of a page rendered with `nonce`. Scripts run only with the nonce
 * (Next stamps its own) or when a trusted script loads them ('strict-dynamic'); no inline script
 * or eval otherwise. See the README's "Security headers" for why each source is there.
 */
export function contentSecurityPolicy(nonce: string, config: SecurityConfig): string {
  const dev = config.dev === true;
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    [
      'script-src',
      "'self'",
      `'nonce-${nonce}'`,
      "'strict-dynamic'",
      "'report-sample'",
      ...(dev ? ["'unsafe-eval'"] : []),
    ],
    // <style> elements: the CSS files, and the drag-and-drop list's own (given the nonce). A nonce
    // would switch 'unsafe-inline' off, so development (the error overlay) has neither.
    [
      'style-src',
      "'self'",
      ...(dev ? ["'unsafe-inline'"] : [`'nonce-${nonce}'`]),
      "'report-sample'",
    ],
    // style="" attributes: the calendar (react-calendar) renders its grid with them.
    ['style-src-attr', "'unsafe-inline'"],
    [
      'img-src',
      "'self'",
      'data:', // ThumbHash placeholders
      'blob:', // the preview of a photo picked for upload
      ...PROFILE_PICTURE_SOURCES,
      ...imageSources(config.imageBaseUrl, config.publicUrl),
    ],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...chatSources(config.chatUrl, config.publicUrl)],
    ['worker-src', "'self'"], // the service worker (/sw.js)
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
    ...(isHttps(config.publicUrl) ? [['upgrade-insecure-requests'] as [string]] : []),
    ['report-uri', CSP_REPORT_PATH],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** The response headers of a page rendered with `nonce`. */
export function pageSecurityHeaders(nonce: string, config: SecurityConfig): [string, string][] {
  const headers: [string, string][] = [
    ['Content-Security-Policy', contentSecurityPolicy(nonce, config)],
    ['Permissions-Policy', PERMISSIONS_POLICY],
  ];
  if (isHttps(config.publicUrl))
    headers.push(['Strict-Transport-Security', STRICT_TRANSPORT_SECURITY]);
  return headers;
}
