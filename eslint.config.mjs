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
];

export default config;
