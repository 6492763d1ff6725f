/** Full-page navigation (leaves the app for the sign-in flow); a module of its own so tests can replace it. */
export function assignLocation(url: string): void {
  window.location.assign(url);
}
