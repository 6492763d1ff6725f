// Processes and exit codes for every benchmark: a free port, waiting until a server answers over
// HTTP, stopping a spawned child by its PID or by the process group it leads (never by name), and
// the exit code of a run (0 within budget, 2 a budget missed, 1 an error).
import { createServer } from 'node:net';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP port free on 127.0.0.1 (the system picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const exited = (child) => child.exitCode !== null || child.signalCode !== null;

/**
 * Polls `url` every `intervalMs` until it answers 2xx. Rejects after `timeoutMs`, or as soon as
 * `child` (the process meant to serve it, when given) has exited.
 */
export async function waitForHttp(url, timeoutMs, { child, intervalMs = 100 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && exited(child))
      throw new Error(
        `${url}: the process serving it exited (${child.exitCode ?? child.signalCode})`,
      );
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(intervalMs);
  }
  throw new Error(`${url} not ready after ${timeoutMs / 1000} s`);
}

/**
 * SIGTERM to `target` (the child's PID, or minus it for its process group), SIGKILL after
 * `graceMs`; resolves once `child` has exited.
 */
function stop(child, target, graceMs) {
  return new Promise((resolve) => {
    if (exited(child)) return resolve();
    const force = setTimeout(() => {
      try {
        process.kill(target, 'SIGKILL');
      } catch {}
    }, graceMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    try {
      process.kill(target, 'SIGTERM');
    } catch {
      clearTimeout(force);
      resolve();
    }
  });
}

/**
 * Stops a child spawned with `detached: true` through the process group it leads (the server and
 * anything it forked): SIGTERM, then SIGKILL after `graceMs`. Resolves once the child has exited.
 */
export const stopProcessGroup = (child, graceMs) => stop(child, -child.pid, graceMs);

/**
 * Stops a child by its PID alone (its own children are not signalled): SIGTERM, then SIGKILL after
 * `graceMs`. Resolves once the child has exited.
 */
export const stopProcess = (child, graceMs) => stop(child, child.pid, graceMs);

/**
 * Runs a bench's `main` and exits: 0 when it resolves (to `true` or nothing), 2 when it resolves to
 * `false` (a budget missed), 1 when it throws (the error printed). `cleanup` runs before the exit
 * however `main` ended. With `deadlineMs`, a watchdog ends a run that takes longer: it says so
 * (`<name>: over N s, stopping`), runs `cleanup` and exits with 2. Ctrl-C or SIGTERM also run
 * `cleanup` (exit 130), so an interrupted bench leaves no servers behind.
 */
export async function runMain(main, { cleanup = async () => {}, name, deadlineMs } = {}) {
  const watchdog =
    deadlineMs &&
    setTimeout(() => {
      console.error(`${name}: over ${deadlineMs / 1000} s, stopping`);
      cleanup().finally(() => process.exit(2));
    }, deadlineMs);
  const onSignal = () => {
    cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let exitCode = 0;
  try {
    if ((await main()) === false) exitCode = 2;
  } catch (error) {
    console.error(error);
    exitCode = 1;
  } finally {
    await cleanup();
    clearTimeout(watchdog);
  }
  process.exit(exitCode);
}
