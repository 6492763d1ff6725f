// @ts-check
/**
 * Next.js configuration. Nothing deployment-specific is read here: one build serves every
 * deployment (BACKEND_URL, PUBLIC_URL, CHAT_URL… are read when the server starts).
 * - `output: 'standalone'`: the server and exactly the node_modules it needs, in one folder that
 *   runs with `node server.js` (scripts/app-server.mjs; the container image ships it).
 * - react-calendar 6 and its helpers are ESM-only, so Next transpiles them.
 * - SockJS paths under /chat go to the backend through proxy.ts, at request time (WebSocket upgrades
 *   included), not through build-time rewrites.
 */
/** @type {import('next').NextConfig} */
const nextConfig = {
  // NEXT_DIST_DIR lets parallel checkouts of the tooling (e.g. two e2e runs) build side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  output: 'standalone',
  reactStrictMode: true,
  // Every href, router.push and redirect is checked against the app's routes: `npm run
  // typecheck` runs `next typegen` first, which writes the route types into the dist dir.
  typedRoutes: true,
  poweredByHeader: false,
  experimental: {
    // Fewer render-blocking style sheets. The default ("loose") chunking linked three or four
    // sheets on every page (the global tokens, the shared components, the page's own), each a
    // request the first paint waits for on a slow connection. "graph" prices each request against
    // the bytes a merged chunk would overship; priced above the app's whole CSS (~110 kB) it merges
    // every component's styles into one sheet, leaving two per page: globals.css (3.9 kB), which
    // Turbopack keeps in a chunk of its own whatever the price, and the rest. Inlining the CSS
    // instead (experimental.inlineCss) would need 'unsafe-inline' in style-src: React writes the
    // inlined <style> without the CSP nonce, which Next hands it for scripts only.
    // Turbopack only: Next refuses "graph" when the config is loaded without it (the service
    // worker's build, `serwist build`, reads this config too), where the default stays.
    ...(process.env.TURBOPACK ? { cssChunking: { type: 'graph', requestCost: 1_000_000 } } : {}),
  },
  // Required at run time, not bundled: one copy per process. lib/metrics keeps its registry on
  // globalThis for proxy.ts and the route bundles alike; tracing (instrumentation.ts →
  // lib/tracing/next-sdk.ts) loads the OpenTelemetry packages only when it is on, and Next and the
  // SDK must share one @opentelemetry/api.
  serverExternalPackages: [
    'prom-client',
    '@opentelemetry/api',
    '@opentelemetry/context-async-hooks',
    '@opentelemetry/core',
    '@opentelemetry/exporter-trace-otlp-http',
    '@opentelemetry/exporter-trace-otlp-proto',
    '@opentelemetry/resources',
    '@opentelemetry/sdk-trace',
  ],
  transpilePackages: [
    'react-calendar',
    '@wojtekmaj/date-utils',
    'get-user-locale',
    'memoize',
    'mimic-function',
  ],
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'DENY' },
        ],
      },
    ];
  },
};

export default nextConfig;
