import type { FastifyReply, FastifyRequest } from 'fastify';

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Splits on `separator` outside quoted strings (a quoted `,` or `;` is part of a value). */
function splitOutside(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === '\\') i++;
    else if (char === '"') quoted = !quoted;
    else if (!quoted && char === separator) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function unquote(value: string): string {
  if (value.length < 2 || !value.startsWith('"') || !value.endsWith('"')) return value;
  return value.slice(1, -1).replace(/\\(.)/g, '$1');
}

/**
 * The preferences of `Prefer` headers (RFC 7240 §2): lower-cased name → value ('' without one),
 * parameters ignored, the first instance of a name winning, malformed items skipped.
 */
export function parsePrefer(header: string | string[] | undefined): Map<string, string> {
  const preferences = new Map<string, string>();
  if (header === undefined) return preferences;
  const text = Array.isArray(header) ? header.join(',') : header;
  for (const item of splitOutside(text, ',')) {
    const [preference] = splitOutside(item, ';');
    const eq = preference.indexOf('=');
    const name = (eq < 0 ? preference : preference.slice(0, eq)).trim().toLowerCase();
    if (!TOKEN.test(name) || preferences.has(name)) continue;
    preferences.set(name, eq < 0 ? '' : unquote(preference.slice(eq + 1).trim()));
  }
  return preferences;
}

/** Whether the request asks for the written resource in the answer (`Prefer: return=representation`). */
export function prefersRepresentation(request: FastifyRequest): boolean {
  return parsePrefer(request.headers.prefer).get('return')?.toLowerCase() === 'representation';
}

/** Marks the answer as the representation the client preferred (RFC 7240 §3). */
export function representationApplied(reply: FastifyReply): FastifyReply {
  return reply.header('Preference-Applied', 'return=representation');
}
