// @ts-check
/**
 * Serwist's configurator mode: `serwist build serwist.config.mjs`, run by scripts/start.mjs right
 * after `next build`, bundles sw/sw.ts into public/sw.js with the precache manifest of what the
 * build wrote. The Next config is read as `next build` read it, so NEXT_DIST_DIR picks the folder.
 *
 * Precached: Next's static assets, public/ (the icons), the web app manifest and the offline page.
 * Not the other pages (precachePrerendered: false): only /~offline is meant to open without the
 * network, and a page fetched at install would carry whatever the session then made of it (/login
 * redirects a member to the calendar). Every page renders per request (its Content-Security-Policy
 * nonce is new each time, app/layout.tsx), the offline page too, so there is no prerendered HTML
 * of it: the worker fetches /~offline at install, keeping the policy header that matches the
 * nonce in its HTML, and a new build (BUILD_ID) fetches it again.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

import { generateGlobPatterns, serwist } from '@serwist/next/config';

/** A revision for a precached URL whose name has no hash: the content's. */
function revisionOf(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);
}

export default serwist.withNextConfig((nextConfig) => {
  const distDir = `${nextConfig.distDir.replace(/^\/+|\/+$/g, '')}/`;
  const appDir = `${distDir}server/app/`;
  return {
    swSrc: 'sw/sw.ts',
    swDest: 'public/sw.js',
    precachePrerendered: false,
    globPatterns: generateGlobPatterns(distDir),
    additionalPrecacheEntries: [
      // app/~offline/page.tsx, rendered per request; its scripts and styles change with the build.
      { url: '/~offline', revision: readFileSync(`${distDir}BUILD_ID`, 'utf8').trim() },
      // app/manifest.ts, prerendered by next build.
      {
        url: '/manifest.webmanifest',
        revision: revisionOf(`${appDir}manifest.webmanifest.body`),
      },
    ],
    esbuildOptions: { sourcemap: true },
  };
});
