import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

/**
 * Jest runs the app's unit and component tests (lib/, components/, features/, app/, sw/) in jsdom.
 * Files that test server-only code (lib/bff, proxy) declare `@jest-environment node` in a docblock.
 * The backend has its own runner (node:test), because its dependencies are ESM-only.
 */
const config = {
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  // A test waits for what it expects, not for a clock: user-event's typing and a component's first
  // render took past Jest's 5 s default on a loaded 2-core machine (CI runs the backend lane beside).
  testTimeout: 30_000,
  testMatch: [
    '<rootDir>/{lib,components,features,app,sw}/**/*.test.{ts,tsx}',
    '<rootDir>/proxy.test.ts',
  ],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/$1',
    '^server-only$': '<rootDir>/testing/empty-module.ts',
  },
};

const jestConfig = async () => {
  const base = await createJestConfig(config)();
  // Let SWC transpile the ESM-only packages the UI imports.
  base.transformIgnorePatterns = [
    '/node_modules/(?!(react-calendar|@wojtekmaj|get-user-locale|memoize|mimic-function|thumbhash)/)',
    '^.+\\.module\\.(css|sass|scss)$',
  ];
  return base;
};

export default jestConfig;
