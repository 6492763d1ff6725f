export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `condition` holds, polling every 2 ms, or fails naming `what` after `ms`: tests wait
 * for what they expect rather than sleeping a fixed time that a busy machine may overrun.
 */
export async function until(condition: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`no ${what} within ${ms} ms`);
    await delay(2);
  }
}
