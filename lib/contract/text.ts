/**
 * Text no store can keep as sent: NUL (PostgreSQL `text` refuses U+0000) and a UTF-16 surrogate
 * without its other half (a JSON `"\ud800"` escape), which has no UTF-8 form and would be kept as
 * U+FFFD. Shared by the contract's schemas and the backend's request checks.
 */

/** A surrogate code unit on its own (with the `u` flag, a proper pair is one code point). */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Whether `text` holds a UTF-16 surrogate without its other half. */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** Whether `text` holds NUL (U+0000). */
export function hasNul(text: string): boolean {
  return text.includes('\u0000');
}
