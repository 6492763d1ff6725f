/**
 * The child processes of the scale-out rehearsal: started with their output prefixed by their
 * name, remembered by PID, waited for until they answer, stopped by PID, started again on request.
 * An instance that stops while the rehearsal runs is only reported: nginx routes around it (that
 * is the point), and `restartStopped` brings it back; `restart` stops and starts one on purpose
 * (the rolling restart).
 */
import { spawn } from 'node:child_process';

/** The last `limit` characters a child printed, for failure messages. */
function tail(limit) {
  let text = '';
  return {
    add(chunk) {
      text = (text + chunk).slice(-limit);
    },
    get text() {
      return text;
    },
  };
}

/** Writes `chunk` line by line with `prefix`, keeping a partial last line for the next chunk. */
function prefixer(prefix, write) {
  let pending = '';
  return {
    push(chunk) {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) write(`${prefix}${line}\n`);
    },
    flush() {
      if (pending) write(`${prefix}${pending}\n`);
      pending = '';
    },
  };
}

export class Supervisor {
  /**
   * @param {object} options
   * @param {string} options.cwd
   * @param {(line: string) => void} options.log
   * @param {() => void} [options.onChange] called whenever a process starts or stops
   */
  constructor({ cwd, log, onChange }) {
    this.cwd = cwd;
    this.log = log;
    this.onChange = onChange ?? (() => undefined);
    /** name → { spec, child, pid, output, exited, running } */
    this.processes = new Map();
    this.stopping = false;
  }

  /**
   * Starts `spec` (`{ name, role, command, args, env, cwd?, port?, url?, ready? }`, in `cwd` or
   * the supervisor's folder); `ready` is an async check that resolves once the process serves
   * (called by `start`, which waits for it).
   */
  async start(spec) {
    const output = tail(16_384);
    const child = spawn(spec.command, spec.args, {
      cwd: spec.cwd ?? this.cwd,
      env: spec.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const record = { spec, child, pid: child.pid, output, running: true, exitCode: null };
    record.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        record.running = false;
        record.exitCode = signal ?? code;
        if (!this.stopping && !record.stoppingOnPurpose) {
          this.log(`${spec.name} (pid ${child.pid}) exited (${signal ?? code})`);
        }
        this.onChange();
        resolve();
      });
    });
    child.once('error', (error) => this.log(`${spec.name} could not start: ${error.message}`));
    for (const [stream, write] of [
      [child.stdout, (text) => process.stdout.write(text)],
      [child.stderr, (text) => process.stderr.write(text)],
    ]) {
      const lines = prefixer(`[${spec.name}] `, write);
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        output.add(chunk);
        lines.push(chunk);
      });
      stream.on('end', () => lines.flush());
    }
    this.processes.set(spec.name, record);
    this.onChange();
    if (spec.ready) await this.waitReady(record);
    return record;
  }

  /** Resolves when `record.spec.ready()` does; rejects when the process exits first or times out. */
  async waitReady(record, timeoutMs = 90_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!record.running) {
        throw new Error(
          `${record.spec.name} exited (${record.exitCode}) before it answered; its last output:\n` +
            record.output.text,
        );
      }
      if (this.stopping) return;
      if (await record.spec.ready().catch(() => false)) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`${record.spec.name} did not answer within ${timeoutMs / 1000} s`);
  }

  /** Starts again, in the order they were first started, every process that has stopped. */
  async restartStopped() {
    const stopped = [...this.processes.values()].filter((record) => !record.running);
    for (const record of stopped) {
      this.log(`starting ${record.spec.name} again`);
      await this.start(record.spec);
    }
    return stopped.map((record) => record.spec.name);
  }

  /**
   * Stops the process `name` by its PID (SIGTERM, SIGKILL after `graceMs`) and waits for it; an
   * instance given SIGTERM finishes what it serves first (both Next's server and the backend do).
   */
  async stop(name, graceMs = 10_000) {
    const record = this.processes.get(name);
    if (!record?.running) return;
    record.stoppingOnPurpose = true;
    record.child.kill('SIGTERM');
    const timer = setTimeout(() => record.child.kill('SIGKILL'), graceMs);
    await record.exited;
    clearTimeout(timer);
  }

  /** Stops `name` (as `stop`) and starts it again with the same spec; resolves once it answers. */
  async restart(name, graceMs) {
    const record = this.processes.get(name);
    if (!record) throw new Error(`no process named ${name}`);
    await this.stop(name, graceMs);
    this.log(`starting ${name} again`);
    return this.start(record.spec);
  }

  /** The PID of `name` while it runs, else null. */
  pid(name) {
    const record = this.processes.get(name);
    return record?.running ? record.pid : null;
  }

  /** Name, role, port, PID and state of every process, in start order. */
  list() {
    return [...this.processes.values()].map((record) => ({
      name: record.spec.name,
      role: record.spec.role,
      port: record.spec.port ?? null,
      url: record.spec.url ?? null,
      pid: record.pid,
      running: record.running,
    }));
  }

  /**
   * Stops every running process by its PID (SIGTERM; SIGKILL after `graceMs`) and waits for them:
   * one role at a time, the last started role first (the apps before the backends they call, the
   * bucket last), the instances of a role together.
   */
  async stopAll(graceMs = 10_000) {
    this.stopping = true;
    const records = [...this.processes.values()];
    const roles = [...new Set(records.map((record) => record.spec.role))].reverse();
    for (const role of roles) {
      const running = records.filter((record) => record.spec.role === role && record.running);
      await Promise.all(
        running.map(async (record) => {
          record.child.kill('SIGTERM');
          const timer = setTimeout(() => record.child.kill('SIGKILL'), graceMs);
          await record.exited;
          clearTimeout(timer);
        }),
      );
    }
  }

  /** SIGKILL to whatever still runs: the last resort when the launcher itself goes down. */
  killAllNow() {
    for (const record of this.processes.values()) {
      if (record.running) record.child.kill('SIGKILL');
    }
  }
}
