/** True for a same-origin path (`/x`), never a protocol-relative or absolute URL. */
export function isSafeNextPath(next: string | null | undefined): next is string {
  return (
    typeof next === 'string' &&
    next.startsWith('/') &&
    !next.startsWith('//') &&
    !next.startsWith('/\\')
  );
}

/** The sign-in address with `?next=` appended when `next` is a same-origin path. */
export function buildLoginHref(loginUrl: string, next?: string | null): string {
  if (!isSafeNextPath(next)) return loginUrl;
  return `${loginUrl}${loginUrl.includes('?') ? '&' : '?'}next=${encodeURIComponent(next)}`;
}
