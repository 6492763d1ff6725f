/**
 * Next's router decodes a request's query and encodes it again before any route handler runs, and
 * an escape that decodes to no text (`%E0%A4%A`, `%FF`, a UTF-8-encoded surrogate) comes out as
 * U+FFFD, the replacement character (`%EF%BF%BD`). The backend refuses such escapes with a 400
 * naming the parameter, but by then they look like well-formed text; so the BFF refuses what they
 * became. A member never types U+FFFD: it only stands for bytes that were not text.
 */

const REPLACEMENT = '\uFFFD';
const ENCODED_REPLACEMENT = /%EF%BF%BD/i;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * The first query parameter (`search` as in a URL, with or without `?`) whose name or value holds
 * the replacement character: its name, or `query` when the name is the broken part. Null if none.
 */
export function replacedQueryParameter(search: string): string | null {
  if (!ENCODED_REPLACEMENT.test(search) && !search.includes(REPLACEMENT)) return null;
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const equals = pair.indexOf('=');
    const name = decoded(equals < 0 ? pair : pair.slice(0, equals));
    if (name.includes(REPLACEMENT)) return 'query';
    if (equals >= 0 && decoded(pair.slice(equals + 1)).includes(REPLACEMENT))
      return name || 'query';
  }
  return null;
}
