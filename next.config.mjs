// @ts-check
/**
 * Next.js configuration.
 * - react-calendar 6 and its helpers are ESM-only, so Next transpiles them.
 * - SockJS paths under /chat are rewritten to the backend (WebSocket upgrades included); the page
 *   /chat/{roomId} (exactly one numeric segment) stays with the app. See decisions.md §5. SockJS's
 *   iframe page is not proxied (the backend answers it 404): same-origin browsers never need it.
 */
const backendUrl = (process.env.BACKEND_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');

/** @type {import('next').NextConfig} */
const nextConfig = {
  // NEXT_DIST_DIR lets parallel checkouts of the tooling (e.g. two e2e runs) build side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  reactStrictMode: true,
  poweredByHeader: false,
  // Required at run time, not bundled: one copy per process. lib/metrics keeps its registry on
  // globalThis for proxy.ts and the route bundles alike; tracing (instrumentation.ts →
  // lib/tracing/next-sdk.ts) loads the OpenTelemetry packages only when it is on, and Next and the
  // SDK must share one @opentelemetry/api.
  serverExternalPackages: [
    'prom-client',
    '@opentelemetry/api',
    '@opentelemetry/core',
    '@opentelemetry/exporter-trace-otlp-http',
    '@opentelemetry/exporter-trace-otlp-proto',
    '@opentelemetry/resources',
    '@opentelemetry/sdk-trace-node',
  ],
  transpilePackages: [
    'react-calendar',
    '@wojtekmaj/date-utils',
    'get-user-locale',
    'memoize',
    'mimic-function',
  ],
  async rewrites() {
    return {
      beforeFiles: [
        { source: '/chat/info', destination: `${backendUrl}/chat/info` },
        { source: '/chat/websocket', destination: `${backendUrl}/chat/websocket` },
        {
          source: '/chat/:server/:session/:transport',
          destination: `${backendUrl}/chat/:server/:session/:transport`,
        },
      ],
    };
  },
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
