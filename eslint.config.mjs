import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      '.next*/**',
      'node_modules/**',
      'backend/dist/**',
      '.data/**',
      'next-env.d.ts',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  {
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'alert', message: 'Use the toast (decisions.md §6).' },
        { name: 'confirm', message: 'Use the confirm dialog (decisions.md §6).' },
      ],
    },
  },
  {
    // Browser code: classic zod is not tree-shakable and luxon is 22 kB gzip; both once sat on
    // every page's first load (README, bench/bundle). Server-only modules may use classic zod.
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'lib/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'app/api/**', 'lib/bff/**', 'lib/config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: "Browser and shared code uses 'zod/mini'." },
            {
              name: 'luxon',
              message: 'Only lib/relative-time.ts uses luxon (loaded with the comment dialog).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['lib/relative-time.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The signed-in first render: pages render their first view on the server and hand it over as
    // SWR fallback, so the browser makes no API call on first load. The zod/mini core (~18 kB gzip)
    // and the API client must then not sit in the chunk every page loads: modules that render
    // import keys, paths and errors from the zod-free lib/api/{keys,errors,events,session-bridge},
    // contract values from lib/contract/values, and reach the client (and its schemas) through
    // `loadApi()` (lib/api/load.ts, a dynamic import). Type-only imports are erased, so fine.
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'lib/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/test-helpers.{ts,tsx}',
      'lib/testing/**',
      'app/api/**',
      'lib/bff/**',
      'lib/config.ts',
      'lib/contract/**',
      // The client itself, loaded on first use through lib/api/load.ts.
      'lib/api/{index,client,session,today,training,exercises,routines,posts,comments,friends,clubs,chat,week}.ts',
      // Loaded with the STOMP client when a chat room connects.
      'lib/chat/broadcast.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod/mini',
              message: 'Not in the first render: validate in a module loaded on demand.',
              allowTypeImports: true,
            },
            {
              name: '@/lib/api',
              message: "Call the client through loadApi() from '@/lib/api/load'.",
              allowTypeImports: true,
            },
          ],
          patterns: [
            {
              regex: '^@/lib/contract(/(?!values$).*)?$',
              message:
                "Contract schema modules load zod: import values from '@/lib/contract/values' (types are fine).",
              allowTypeImports: true,
            },
            {
              regex: '^@/lib/api/(?!(keys|errors|events|session-bridge|load)$)',
              message:
                "The client loads on first use: call it through loadApi() from '@/lib/api/load'; keys are in '@/lib/api/keys'.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
];

export default config;
