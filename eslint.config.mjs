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
];

export default config;
