// The layer rule of eslint.config.mjs (import/no-restricted-paths) against imports written the
// wrong way and the right way: each fixture is linted as if it were a file at `file`, so the rule
// resolves its import from there exactly as it does for the real tree.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { ESLint } from 'eslint';

const root = fileURLToPath(new URL('..', import.meta.url));
// no-unresolved too: the layer rule passes an import it cannot resolve, so each fixture's import
// must resolve for its "allows" to mean anything.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { rules: { 'import/no-unresolved': 'error' } },
});

/** The layer-rule messages ESLint gives `code` as the file `file`. */
async function layerErrors(file, code) {
  const [result] = await eslint.lintText(code, { filePath: file });
  const unresolved = result.messages.filter((message) => message.ruleId === 'import/no-unresolved');
  assert.deepEqual(unresolved, [], `${file}: the fixture's import must resolve`);
  return result.messages
    .filter((message) => message.ruleId === 'import/no-restricted-paths')
    .map((message) => message.message);
}

const wrongWay = [
  [
    'lib → components',
    'lib/api/fixture.ts',
    "export { ToastProvider } from '@/components/ui/toast';",
  ],
  [
    'lib → features',
    'lib/hooks/fixture.ts',
    "export { useDayLog } from '@/features/day-log/use-day-log';",
  ],
  [
    'components/ui → features',
    'components/ui/fixture.tsx',
    "export { useWeightUnit } from '@/features/training/use-weight-unit';",
  ],
  [
    'features → app (relative)',
    'features/posts/fixture.tsx',
    "export { default } from '../../app/not-found';",
  ],
  [
    'a feature → the shell',
    'features/day-log/fixture.tsx',
    "export { AppShell } from '@/features/shell/app-shell';",
  ],
  [
    'backend → features',
    'backend/src/fixture.ts',
    "export { dayLogRead } from '@/features/day-log/reads';",
  ],
  [
    'lib → app (relative)',
    'lib/hooks/fixture.ts',
    "export { default } from '../../app/not-found';",
  ],
  ['components → app', 'components/ui/fixture.tsx', "export { default } from '@/app/(app)/page';"],
  ['lib/shared → lib', 'lib/shared/fixture.ts', "export { messages } from '../i18n/messages';"],
  [
    'lib/contract → lib',
    'lib/contract/fixture.ts',
    "export { messages } from '@/lib/i18n/messages';",
  ],
  ['backend → lib', 'backend/src/fixture.ts', "export { messages } from '@/lib/i18n/messages';"],
  [
    'backend → components',
    'backend/src/fixture.ts',
    "export { ToastProvider } from '@/components/ui/toast';",
  ],
  [
    'product code → testing',
    'components/ui/fixture.tsx',
    "export { settle } from '@/testing/test-helpers';",
  ],
];

const rightWay = [
  ['app → components', 'app/fixture.tsx', "export { ToastProvider } from '@/components/ui/toast';"],
  ['app → features', 'app/fixture.tsx', "export { HomePage } from '@/features/day-log/home-page';"],
  [
    'features → components/ui',
    'features/posts/fixture.tsx',
    "export { ToastProvider } from '@/components/ui/toast';",
  ],
  [
    'features → lib',
    'features/day-log/fixture.tsx',
    "export { messages } from '@/lib/i18n/messages';",
  ],
  [
    'a feature → another feature',
    'features/day-log/fixture.tsx',
    "export { useWeightUnit } from '@/features/training/use-weight-unit';",
  ],
  [
    'the shell → a feature',
    'features/shell/fixture.tsx',
    "export { NotificationBell } from '@/features/notifications/notification-bell';",
  ],
  [
    'a test → the shell (an integration test renders it beside its feature)',
    'features/account/fixture.test.tsx',
    "export { Account } from '@/features/shell/account';",
  ],
  [
    'lib → lib/shared',
    'lib/hooks/fixture.ts',
    "export { seoulDateKey } from '@/lib/shared/dates';",
  ],
  [
    'lib/contract → lib/shared',
    'lib/contract/fixture.ts',
    "export { WEIGHT_UNITS } from '../shared/training/units';",
  ],
  [
    'backend → lib/contract',
    'backend/src/fixture.ts',
    "export { errorBody } from '@/lib/contract/errors';",
  ],
  [
    'backend → lib/shared',
    'backend/src/fixture.ts',
    "export { CATALOGUE } from '@/lib/shared/catalogue/data';",
  ],
  [
    'a test → testing',
    'lib/hooks/fixture.test.tsx',
    "export { settle } from '@/testing/test-helpers';",
  ],
  [
    'a backend test → testing',
    'backend/test/fixture.test.ts',
    "export { parseSamples } from '@/testing/prometheus-samples';",
  ],
];

describe('the layer rule', () => {
  for (const [name, file, code] of wrongWay) {
    it(`refuses ${name}`, async () => {
      const errors = await layerErrors(file, code);
      assert.equal(errors.length, 1, `${file}: ${code} gave ${JSON.stringify(errors)}`);
    });
  }
  for (const [name, file, code] of rightWay) {
    it(`allows ${name}`, async () => {
      assert.deepEqual(await layerErrors(file, code), [], `${file}: ${code}`);
    });
  }
});

/** The first-render rule's messages ESLint gives `code` as the file `file`. */
async function firstRenderErrors(file, code) {
  const [result] = await eslint.lintText(code, { filePath: file });
  return result.messages.filter(
    (message) => message.ruleId === '@typescript-eslint/no-restricted-imports',
  );
}

const ZOD = "import * as z from 'zod/mini';\nexport const schema = z.string();\n";

describe('the first-render rule (a file pattern, not a list of names)', () => {
  for (const file of [
    'lib/api/keys.ts',
    'lib/api/errors.ts',
    'lib/reads/fixture.ts',
    'features/day-log/fixture.tsx',
    'components/ui/fixture.tsx',
  ]) {
    it(`refuses zod in ${file}, which a page's first render may load`, async () => {
      assert.equal((await firstRenderErrors(file, ZOD)).length, 1);
    });
  }
  for (const file of ['lib/api/posts.ts', 'lib/api/fixture.ts', 'lib/contract/fixture.ts']) {
    it(`allows zod in ${file}, loaded on first use or never in the browser's first chunk`, async () => {
      assert.deepEqual(await firstRenderErrors(file, ZOD), []);
    });
  }
});
