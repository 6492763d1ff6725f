import { createRequire, registerHooks } from 'node:module';

// Every module URL resolved from the moment this file is evaluated (registered at load, so import it
// before the code under test runs). The require cache alone misses ES modules: OpenTelemetry 3's
// packages are dual, and `import()` loads their .mjs files, which never enter it.
const resolved = new Set<string>();
registerHooks({
  resolve(specifier, context, nextResolve) {
    const result = nextResolve(specifier, context);
    resolved.add(result.url);
    return result;
  },
});

/**
 * The OpenTelemetry files loaded so far, apart from `@opentelemetry/api` (prom-client requires it
 * for its exemplars; the API alone is a set of no-op facades until an SDK registers): CommonJS ones
 * from the require cache, ES modules from the resolve hook above.
 */
export function loadedOpenTelemetry(): string[] {
  const files = [...Object.keys(createRequire(import.meta.url).cache), ...resolved];
  return files.filter(
    (file) => file.includes('@opentelemetry/') && !file.includes('@opentelemetry/api/'),
  );
}
