/**
 * A Dockerfile read just far enough to check what it runs (scripts/deploy/deploy.test.mjs):
 * instructions by stage, with their flags, and the argv of RUN, CMD, ENTRYPOINT and HEALTHCHECK.
 * Our Dockerfiles write every command in exec form (a JSON array), so an argv is exact; shell
 * form reads as `['/bin/sh', '-c', text]`, as Docker runs it.
 */

/** The logical lines: continuations (`\` at the end) joined, comments and blank lines dropped. */
function logicalLines(text) {
  const lines = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (!pending && /^\s*#/.test(line)) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const whole = (pending + line).trim();
    pending = '';
    if (whole) lines.push(whole);
  }
  if (pending.trim()) lines.push(pending.trim());
  return lines;
}

/** `--name=value` flags at the start of `rest`, and what follows them. */
function splitFlags(rest) {
  const flags = {};
  let remaining = rest;
  for (;;) {
    const match = /^--([a-z-]+)(?:=(\S*))?\s+/.exec(remaining);
    if (!match) return { flags, remaining };
    flags[match[1]] = match[2] ?? true;
    remaining = remaining.slice(match[0].length);
  }
}

/** A command's argv: the JSON array of exec form, or what shell form means. */
function argvOf(text) {
  if (text.startsWith('[')) {
    const argv = JSON.parse(text);
    if (!Array.isArray(argv) || !argv.every((item) => typeof item === 'string')) {
      throw new Error(`not an exec-form command: ${text}`);
    }
    return { argv, exec: true };
  }
  return { argv: ['/bin/sh', '-c', text], exec: false };
}

/**
 * The instructions of a Dockerfile: `{ stage, instruction, flags, value, argv?, exec? }`, where
 * `stage` is the FROM's `AS` name (or its index) and `argv` is set for commands (for HEALTHCHECK,
 * its CMD's).
 *
 * @param {string} text
 */
export function parseDockerfile(text) {
  const instructions = [];
  let stage = null;
  let stageIndex = -1;
  for (const line of logicalLines(text)) {
    const match = /^([A-Za-z]+)\s+([\s\S]*)$/.exec(line);
    if (!match) throw new Error(`cannot read: ${line}`);
    const instruction = match[1].toUpperCase();
    const { flags, remaining } = splitFlags(match[2]);
    const entry = { stage, instruction, flags, value: remaining };
    if (instruction === 'FROM') {
      stageIndex += 1;
      const from = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(remaining);
      if (!from) throw new Error(`cannot read: ${line}`);
      stage = from[2] ?? String(stageIndex);
      Object.assign(entry, { stage, image: from[1] });
    } else if (['RUN', 'CMD', 'ENTRYPOINT'].includes(instruction)) {
      Object.assign(entry, argvOf(remaining));
    } else if (instruction === 'HEALTHCHECK') {
      const cmd = /^CMD\s+([\s\S]*)$/.exec(remaining);
      if (cmd) Object.assign(entry, argvOf(cmd[1]));
    }
    instructions.push(entry);
  }
  return instructions;
}

/** The instructions of the last stage (the image that runs). */
export function finalStage(instructions) {
  const lastFrom = instructions.map((entry) => entry.instruction).lastIndexOf('FROM');
  return instructions.slice(lastFrom);
}

/** `KEY=value KEY2=value2` (ENV's form) as an object. */
export function envOf(value) {
  const env = {};
  for (const pair of value.match(/[A-Za-z_][A-Za-z0-9_]*=(?:"[^"]*"|\S*)/g) ?? []) {
    const [key, ...rest] = pair.split('=');
    env[key] = rest.join('=').replace(/^"|"$/g, '');
  }
  return env;
}
