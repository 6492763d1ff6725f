import { useState } from 'react';

/**
 * The nonce of this document's Content-Security-Policy, read off the scripts Next stamped with it
 * (browsers hide the attribute's value from the DOM but keep it in the `nonce` property). Taken
 * from the document, not from a server prop: the policy is the one the page was loaded with, and a
 * later RSC answer would bring another request's nonce. undefined outside a browser or without a
 * policy (development without proxy.ts, tests).
 */
export function documentNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const script = document.querySelector<HTMLScriptElement>('script[nonce]');
  return script?.nonce || undefined;
}

/**
 * documentNonce() for components, already while hydrating (it is never rendered into markup, so
 * the server's undefined cannot mismatch): a library that adds <style> elements in its first
 * layout effect must have it then.
 */
export function useDocumentNonce(): string | undefined {
  const [nonce] = useState(documentNonce);
  return nonce;
}
