import type { FastifyInstance, FastifyRequest } from 'fastify';

import { hasLoneSurrogate } from '@/lib/contract/text';

import { MESSAGES } from './errors';
import { fieldError } from './reply';

/**
 * Text that has no UTF-8 form is refused with a 400 naming its field, before any route reads it:
 * a UTF-16 surrogate without its other half (JSON can carry one as `"\ud800"`), which would
 * otherwise be stored as U+FFFD, and a query parameter whose percent escapes decode to no text
 * (`%E0%A4%A`, `%FF`, a UTF-8-encoded surrogate), which the query parser keeps as written.
 * Malformed escapes in the path are the router's (a 400 before routing).
 */

/** Strings and keys looked at in one body at most (bodies are at most 1 MiB anyway). */
const MAX_VISITS = 100_000;

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/** The first query parameter (or `query`, when its name is the broken part) that does not decode. */
export function undecodableParameter(url: string): string | null {
  const start = url.indexOf('?');
  if (start < 0 || !url.includes('%', start)) return null;
  for (const pair of url.slice(start + 1).split('&')) {
    if (!pair.includes('%')) continue;
    const equals = pair.indexOf('=');
    const name = equals < 0 ? pair : pair.slice(0, equals);
    if (!decodes(name)) return 'query';
    if (equals >= 0 && !decodes(pair.slice(equals + 1))) {
      return decodeURIComponent(name.replace(/\+/g, ' ')) || 'query';
    }
  }
  return null;
}

/**
 * The dotted path of the first string in `value` (a parsed query or JSON body) that `test` picks:
 * a value names its own field, a key the object holding it; `root` when that is `value` itself.
 * Walked with a stack, at most MAX_VISITS strings and keys, so no depth or size overflows it.
 */
export function firstField(
  value: unknown,
  root: string,
  test: (text: string) => boolean,
): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  for (let visits = 0; stack.length > 0 && visits < MAX_VISITS; visits++) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      if (test(item.value)) return item.path || root;
    } else if (item.value !== null && typeof item.value === 'object') {
      for (const [key, child] of Object.entries(item.value)) {
        if (test(key)) return item.path || root;
        stack.push({ value: child, path: item.path ? `${item.path}.${key}` : key });
      }
    }
  }
  return null;
}

function check(request: FastifyRequest): void {
  const field =
    undecodableParameter(request.url) ??
    firstField(request.query, 'query', hasLoneSurrogate) ??
    firstField(request.body, 'body', hasLoneSurrogate);
  if (field !== null) throw fieldError(field, MESSAGES.invalidCharacter);
}

export function registerTextChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => check(request));
}
