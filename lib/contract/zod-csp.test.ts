/** @jest-environment node */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

/** Source files of the browser's code that may build zod schemas. */
function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

describe('zod under the Content-Security-Policy', () => {
  it('every module that imports zod/mini for values imports zod-csp before it', () => {
    const files = ['lib', 'components', 'app'].flatMap(sources);
    const offenders = files.filter((file) => {
      const text = readFileSync(path.join(root, file), 'utf8');
      const zod = text.search(/^import (?!type )[^;]*from 'zod\/mini';/m);
      if (zod === -1 || file.endsWith(path.join('contract', 'zod-csp.ts'))) return false;
      const setup = text.search(/^import '(?:\.\/|@\/lib\/contract\/)zod-csp';/m);
      return setup === -1 || setup > zod;
    });
    expect(offenders).toEqual([]);
  });

  it('turns the eval probe off in a browser only', async () => {
    const globals = globalThis as { window?: unknown; __zod_globalConfig?: { jitless?: boolean } };
    await jest.isolateModulesAsync(async () => {
      globals.window = globals;
      try {
        await import('./zod-csp');
        expect(globals.__zod_globalConfig?.jitless).toBe(true);
      } finally {
        delete globals.window;
        delete globals.__zod_globalConfig?.jitless;
      }
    });
  });
});
