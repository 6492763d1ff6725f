/**
 * The container and orchestrator files (README, "Deploying with containers"), checked without a
 * container runtime (this machine has none):
 *
 * - the Dockerfiles run only deploy/commands.mjs's commands, the ones the scale-out rehearsal
 *   (scripts/cluster.mjs) runs, in the folder it runs them in; their images are .nvmrc's Node,
 *   run as a non-root user and check /healthz;
 * - compose.yaml validates against the Compose specification's JSON schema (the one dclint
 *   ships), has the rehearsal's topology, and holds no secret;
 * - every Kubernetes manifest validates against the Kubernetes schemas (kubernetes-models), and
 *   says what the rehearsal's nginx says (probes, affinity, body limit, buffering);
 * - compose's nginx files pass `nginx -t` with deploy/nginx/everyhealth.conf (when nginx is here).
 *
 * Each check also runs on a broken copy, to show that it fails.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import Ajv from 'ajv';
import { parse, parseAllDocuments } from 'yaml';

import {
  APP_HEALTHCHECK,
  APP_PORT,
  appDir,
  appStart,
  BACKEND_HEALTHCHECK,
  BACKEND_PORT,
  BACKEND_START,
  BUILD,
  BUILD_BACKEND,
  HEALTH_PATH,
  INSTALL,
  INSTALL_BACKEND_RUNTIME,
  MIGRATE,
  READY_PATH,
} from '../../deploy/commands.mjs';
import { BROTLI_MODULE, findNginx, MODULES_DIR } from '../cluster/nginx.mjs';
import { envOf, finalStage, parseDockerfile } from './dockerfile.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file) => readFileSync(path.join(root, file), 'utf8');
const nodeVersion = read('.nvmrc').trim();

// --- Dockerfiles -----------------------------------------------------------------------------------

/** Where the image keeps the checkout's root in its build stages, and in the backend's runtime. */
const IMAGE_ROOTS = ['/src', '/app'];

/**
 * What a Dockerfile must say. `runs`: the commands its RUNs may be (each used at least once);
 * `workdir`: the runtime's working directory, i.e. the command's `cwd` inside the image.
 */
const DOCKERFILES = {
  'deploy/docker/app.Dockerfile': {
    runs: [INSTALL, BUILD],
    start: appStart(),
    workdir: '/app',
    // The runtime holds the standalone output only, as its working directory.
    copies: [{ from: `/src/${appDir()}`, to: './' }],
    healthcheck: APP_HEALTHCHECK,
    port: APP_PORT,
    env: { NODE_ENV: 'production', PORT: String(APP_PORT), HOSTNAME: '0.0.0.0' },
  },
  'deploy/docker/backend.Dockerfile': {
    runs: [INSTALL, BUILD_BACKEND, INSTALL_BACKEND_RUNTIME],
    start: BACKEND_START,
    workdir: `/app/${BACKEND_START.cwd}`,
    copies: [
      { from: '/src/backend/dist', to: './dist' },
      { from: 'backend/src/db/migrations', to: './src/db/migrations' },
      { from: 'backend/package.json', to: './' },
      { from: '/app/node_modules', to: '/app/node_modules' },
    ],
    healthcheck: BACKEND_HEALTHCHECK,
    port: BACKEND_PORT,
    env: { NODE_ENV: 'production', BACKEND_PORT: String(BACKEND_PORT), BACKEND_HOST: '0.0.0.0' },
  },
};

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const show = (argv) => JSON.stringify(argv);

/** The problems of one Dockerfile's text against its expectation (none: an empty list). */
function dockerfileProblems(text, expected) {
  const problems = [];
  const instructions = parseDockerfile(text);
  const runtime = finalStage(instructions);

  // Every stage on .nvmrc's Node (the slim Debian image), or on one of its own stages.
  const stages = new Set();
  const workdirs = new Map();
  let workdir = null;
  const used = new Set();
  for (const entry of instructions) {
    if (entry.instruction === 'FROM') {
      if (stages.has(entry.image)) {
        workdir = workdirs.get(entry.image);
      } else {
        workdir = null;
        if (entry.image !== `node:${nodeVersion}-bookworm-slim`) {
          problems.push(`FROM ${entry.image}: not node:${nodeVersion}-bookworm-slim (.nvmrc)`);
        }
      }
      stages.add(entry.stage);
    } else if (entry.instruction === 'WORKDIR') {
      workdir = entry.value;
    } else if (entry.instruction === 'RUN') {
      const known = expected.runs.find((command) => same(command.argv, entry.argv));
      if (!known) problems.push(`RUN ${show(entry.argv)} is none of deploy/commands.mjs's`);
      else {
        used.add(known);
        if (!IMAGE_ROOTS.includes(workdir) || known.cwd !== '.') {
          problems.push(`RUN ${show(entry.argv)} runs in ${workdir}, not the checkout's root`);
        }
      }
    } else if (entry.instruction === 'ENTRYPOINT') {
      problems.push(`ENTRYPOINT ${entry.value}: the images run their CMD as it is`);
    }
    workdirs.set(entry.stage, workdir);
  }
  for (const command of expected.runs) {
    if (!used.has(command)) problems.push(`no RUN ${show(command.argv)}`);
  }

  const last = (name) => runtime.filter((entry) => entry.instruction === name).at(-1);
  const cmd = last('CMD');
  if (!cmd || !same(cmd.argv, expected.start.argv) || !cmd.exec) {
    problems.push(`CMD ${cmd ? show(cmd.argv) : 'missing'}: not ${show(expected.start.argv)}`);
  }
  if (workdirs.get(runtime[0].stage) !== expected.workdir) {
    problems.push(`the runtime's WORKDIR is not ${expected.workdir}`);
  }
  const health = last('HEALTHCHECK');
  if (!health || !same(health.argv, expected.healthcheck)) {
    problems.push(
      `HEALTHCHECK ${health ? show(health.argv) : 'missing'}: not ${show(expected.healthcheck)}`,
    );
  }
  const user = last('USER')?.value;
  if (!user || /^(root|0)(:|$)/.test(user))
    problems.push(`USER ${user ?? 'missing'}: not a non-root user`);
  const exposed = runtime
    .filter((entry) => entry.instruction === 'EXPOSE')
    .map((entry) => entry.value);
  if (!exposed.includes(String(expected.port))) problems.push(`EXPOSE ${expected.port} missing`);
  const env = Object.assign(
    {},
    ...runtime.filter((e) => e.instruction === 'ENV').map((e) => envOf(e.value)),
  );
  for (const [name, value] of Object.entries(expected.env)) {
    if (env[name] !== value) problems.push(`ENV ${name}=${env[name]}: not ${value}`);
  }
  const copies = runtime.filter((entry) => entry.instruction === 'COPY');
  for (const copy of expected.copies) {
    const found = copies.some((entry) => {
      const [from, to] = entry.value.split(/\s+/);
      return from === copy.from && to === copy.to;
    });
    if (!found) problems.push(`the runtime does not COPY ${copy.from} to ${copy.to}`);
  }
  return problems;
}

describe('Dockerfiles', () => {
  for (const [file, expected] of Object.entries(DOCKERFILES)) {
    it(`${file} runs the rehearsal's commands, on .nvmrc's Node, non-root, with a health check`, () => {
      assert.deepEqual(dockerfileProblems(read(file), expected), []);
    });
  }

  it("nginx's image installs the packages the rehearsal runs (.ci/run's), on Debian 12", () => {
    const instructions = parseDockerfile(read('deploy/docker/nginx.Dockerfile'));
    assert.deepEqual(
      instructions.filter((entry) => entry.instruction === 'FROM').map((entry) => entry.image),
      ['debian:bookworm-slim'],
    );
    const installed = instructions
      .filter((entry) => entry.instruction === 'RUN')
      .flatMap(
        (entry) =>
          /apt-get install (?:-\S+ )*([^&]+)/.exec(entry.argv.at(-1))?.[1].split(/\s+/) ?? [],
      )
      .filter(Boolean);
    const ci = read('.ci/run');
    const rehearsal = [...ci.matchAll(/missing\+=\(([^)]+)\)/g)].map((m) => m[1]);
    for (const name of ['nginx', 'libnginx-mod-http-brotli-filter']) {
      assert.ok(rehearsal.includes(name), `.ci/run installs ${name}`);
    }
    assert.deepEqual(installed.sort(), ['libnginx-mod-http-brotli-filter', 'nginx']);
    // On a Debian machine (.ci/run's), the release whose nginx the rehearsal ran.
    const osRelease = existsSync('/etc/os-release') ? readFileSync('/etc/os-release', 'utf8') : '';
    if (/^ID=debian$/m.test(osRelease)) {
      assert.match(osRelease, /^VERSION_CODENAME=bookworm$/m);
    }
  });

  it('every Dockerfile under deploy/docker/ is checked here', () => {
    const files = readdirSync(path.join(root, 'deploy/docker')).filter((f) =>
      f.endsWith('Dockerfile'),
    );
    assert.deepEqual(
      files.map((f) => `deploy/docker/${f}`).sort(),
      [...Object.keys(DOCKERFILES), 'deploy/docker/nginx.Dockerfile'].sort(),
    );
  });

  it('a Dockerfile whose start command differs from the rehearsal fails the check', () => {
    const file = 'deploy/docker/backend.Dockerfile';
    const text = read(file).replace(
      'CMD ["node", "--enable-source-maps", "dist/main.js"]',
      'CMD ["node", "dist/main.js"]',
    );
    assert.notEqual(text, read(file));
    const problems = dockerfileProblems(text, DOCKERFILES[file]);
    assert.equal(problems.length, 1);
    assert.match(problems[0], /^CMD \["node","dist\/main.js"\]: not/);
  });

  it('so do an extra shell command, another build, a root user and another Node', () => {
    const file = 'deploy/docker/app.Dockerfile';
    const broken = read(file)
      .replace('USER 1000:1000', 'USER root')
      .replace('RUN ["node", "scripts/start.mjs", "--build-only"]', 'RUN npx next build')
      .replace(`node:${nodeVersion}-bookworm-slim AS runtime`, 'node:20-bookworm-slim AS runtime');
    const problems = dockerfileProblems(broken, DOCKERFILES[file]);
    assert.ok(problems.some((p) => p.startsWith('RUN ["/bin/sh","-c","npx next build"]')));
    assert.ok(problems.some((p) => p.startsWith('no RUN ["node","scripts/start.mjs"')));
    assert.ok(problems.some((p) => p.startsWith('USER root')));
    assert.ok(problems.some((p) => p.startsWith('FROM node:20-bookworm-slim')));
  });

  it('the health check is the HEALTH_PATH probe on the image port, and it works', async () => {
    assert.ok(APP_HEALTHCHECK[2].includes(`'${HEALTH_PATH}'`));
    // Run the probe itself against a server of ours: 200 → exit 0, 503 → exit 1.
    for (const [status, exitCode] of [
      [200, 0],
      [503, 1],
    ]) {
      const server = http.createServer((request, response) => {
        response.statusCode = request.url === HEALTH_PATH ? status : 404;
        response.end();
      });
      await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address();
      const [command, ...args] = BACKEND_HEALTHCHECK;
      assert.equal(command, 'node');
      const child = await new Promise((resolve) => {
        const run = spawn(process.execPath, args, {
          env: { ...process.env, BACKEND_PORT: String(port) },
        });
        run.on('exit', (code) => resolve(code));
      });
      server.close();
      assert.equal(child, exitCode);
    }
  });

  it('the rehearsal (scripts/cluster.mjs) runs these commands from deploy/commands.mjs', () => {
    const source = read('scripts/cluster.mjs');
    assert.match(source, /from '\.\.\/deploy\/commands\.mjs'/);
    // (Read from its source: the launcher starts the whole rehearsal when imported. The rehearsal
    // itself, `npm run test:cluster`, shows that these commands work.)
    for (const call of [
      /runToEnd\('[^']+', BUILD_BACKEND, /,
      /runToEnd\('[^']+', BUILD, /,
      /runToEnd\('the migration', MIGRATE, /,
      /commandSpec\(BACKEND_START\)/,
      /commandSpec\(appStart\(topology\.distDir\)\)/,
    ]) {
      assert.match(source, call);
    }
    // No other way of starting them is left.
    assert.doesNotMatch(source, /dist', 'main\.js'|'next'\)|'start', '-H'/);
    // And CI installs with INSTALL.
    assert.match(read('.ci/run'), new RegExp(`^${INSTALL.argv.join(' ')}\\b`, 'm'));
  });
});

// --- compose.yaml ----------------------------------------------------------------------------------

const require = createRequire(import.meta.url);
const composeSchemaFile = path.join(
  path.dirname(require.resolve('dclint/package.json')),
  'schemas',
  'compose.schema.json',
);
const validateCompose = new Ajv({
  strict: false,
  allErrors: true,
  validateSchema: false,
  validateFormats: false,
}).compile(JSON.parse(readFileSync(composeSchemaFile, 'utf8')));

/** compose.yaml as Compose reads it: YAML merge keys (`<<: *backend`) applied. */
function loadCompose(text = read('compose.yaml')) {
  return parse(text, { merge: true });
}

/** `${NAME:?message}` / `${NAME:-default}` / `${NAME}` references in a compose file's text. */
function composeVariables(text) {
  const variables = new Map();
  const code = text.replace(/^\s*#.*$/gm, '');
  for (const match of code.matchAll(/(?<!\$)\$\{([A-Z0-9_]+)(?::?([?-]))?/g)) {
    const required = match[2] === '?';
    variables.set(match[1], (variables.get(match[1]) ?? false) || required);
  }
  return variables;
}

describe('compose.yaml', () => {
  const compose = loadCompose();
  const services = compose.services;

  it('validates against the Compose specification schema', () => {
    const valid = validateCompose(compose);
    assert.ok(valid, JSON.stringify(validateCompose.errors, null, 2));
  });

  it('and a broken one does not', () => {
    const broken = loadCompose(
      read('compose.yaml').replace(
        'condition: service_completed_successfully',
        'condition: finished',
      ),
    );
    assert.equal(validateCompose(broken), false);
    const typo = loadCompose(
      read('compose.yaml').replace('    healthcheck:\n      test:', '    healthchek:\n      test:'),
    );
    assert.equal(validateCompose(typo), false);
  });

  it("has the rehearsal's topology: PostgreSQL, Redis, S3, nginx, the migration, two apps, two backends", () => {
    for (const name of ['postgres', 'redis', 'minio', 'minio-bucket', 'migrate', 'nginx']) {
      assert.ok(services[name], `service ${name}`);
    }
    const apps = Object.keys(services).filter((name) => /^app-\d+$/.test(name));
    const backends = Object.keys(services).filter((name) => /^backend-\d+$/.test(name));
    assert.deepEqual(apps, ['app-1', 'app-2']);
    assert.deepEqual(backends, ['backend-1', 'backend-2']);

    // The migration: the backend image's MIGRATE, before every backend.
    assert.deepEqual(services.migrate.command, MIGRATE.argv);
    assert.equal(services.migrate.build.dockerfile, 'deploy/docker/backend.Dockerfile');
    for (const name of backends) {
      assert.equal(services[name].build.dockerfile, 'deploy/docker/backend.Dockerfile');
      assert.equal(services[name].command, undefined, `${name} runs the image's CMD`);
      assert.equal(services[name].depends_on.migrate.condition, 'service_completed_successfully');
      assert.equal(
        services[name].depends_on['minio-bucket'].condition,
        'service_completed_successfully',
      );
      assert.notEqual(services[name].environment.MIGRATE_ON_START, 'true');
    }
    for (const name of apps) {
      assert.equal(services[name].build.dockerfile, 'deploy/docker/app.Dockerfile');
      assert.equal(services[name].environment.BACKEND_URL, 'http://nginx:8081');
    }
    for (const name of ['postgres', 'redis', 'minio']) assert.ok(services[name].healthcheck?.test);
    for (const name of [...apps, ...backends]) {
      assert.equal(services.nginx.depends_on[name].condition, 'service_healthy');
    }
  });

  it('runs nginx with deploy/nginx/everyhealth.conf, its upstreams listing these instances', () => {
    const volumes = services.nginx.volumes;
    assert.ok(volumes.includes('./deploy/nginx/everyhealth.conf:/etc/nginx/everyhealth.conf:ro'));
    const upstreams = read('deploy/compose/nginx/everyhealth/upstreams.conf');
    const servers = (group) =>
      [
        ...upstreams
          .split(`upstream ${group} {`)[1]
          .split('}')[0]
          .matchAll(/server (\S+)/g),
      ].map((m) => m[1]);
    assert.deepEqual(servers('everyhealth_app'), [`app-1:${APP_PORT}`, `app-2:${APP_PORT}`]);
    assert.deepEqual(servers('everyhealth_backend'), [
      `backend-1:${BACKEND_PORT}`,
      `backend-2:${BACKEND_PORT}`,
    ]);
    assert.match(upstreams, /hash \$everyhealth_backend_affinity consistent;/);
    assert.match(read('deploy/compose/nginx/everyhealth/backend-listen.conf'), /^listen 8081;$/m);
    assert.match(
      read('deploy/compose/nginx/nginx.conf'),
      /include \/etc\/nginx\/everyhealth\.conf;/,
    );
  });

  it('holds no secret: each comes from the env file (${NAME:?}), which documents it', () => {
    const text = read('compose.yaml');
    const variables = composeVariables(text);
    for (const secret of ['JWT_SECRET', 'POSTGRES_PASSWORD', 'S3_SECRET_ACCESS_KEY']) {
      assert.equal(variables.get(secret), true, `${secret} is required (\${${secret}:?…})`);
    }
    const backend = services['backend-1'].environment;
    assert.match(backend.JWT_SECRET, /^\$\{JWT_SECRET:\?/);
    assert.match(backend.S3_SECRET_ACCESS_KEY, /^\$\{S3_SECRET_ACCESS_KEY:\?/);
    const example = read('deploy/compose/env.example');
    for (const name of variables.keys()) assert.match(example, new RegExp(`^${name}=`, 'm'), name);
    // Nothing but placeholders in the example: the secrets are blank.
    for (const secret of ['JWT_SECRET', 'POSTGRES_PASSWORD', 'S3_SECRET_ACCESS_KEY']) {
      assert.match(example, new RegExp(`^${secret}=$`, 'm'));
    }
  });
});

// --- the compose nginx, with nginx -t --------------------------------------------------------------

describe("compose.yaml's nginx files", () => {
  const nginx = findNginx();
  const brotli = path.join(MODULES_DIR, BROTLI_MODULE);
  const skip =
    !nginx || !existsSync(brotli) ? 'nginx and its brotli module are not installed' : false;

  /** `nginx -t` on deploy/compose/nginx with the service names resolved to this machine. */
  function nginxTest(mutate = (text) => text) {
    const prefix = mkdtempSync(path.join(os.tmpdir(), 'everyhealth-compose-nginx-'));
    try {
      cpSync(path.join(root, 'deploy/compose/nginx'), prefix, { recursive: true });
      const upstreams = path.join(prefix, 'everyhealth/upstreams.conf');
      // Docker's DNS is not here: the instances' names as loopback addresses.
      writeFileSync(
        upstreams,
        mutate(
          readFileSync(upstreams, 'utf8').replace(
            /server (app|backend)-(\d+):/g,
            'server 127.0.0.$2:',
          ),
        ),
      );
      const conf = path.join(prefix, 'nginx.conf');
      writeFileSync(
        conf,
        readFileSync(conf, 'utf8')
          .replace('/etc/nginx/everyhealth.conf', path.join(root, 'deploy/nginx/everyhealth.conf'))
          .replace('pid /run/nginx.pid;', `pid ${prefix}/nginx.pid;`)
          // (A container's /dev/stdout is its log; this process's may be a socket nginx cannot open.)
          .replace('access_log /dev/stdout combined;', `access_log ${prefix}/access.log combined;`)
          .replace(/^user www-data;$/m, process.getuid?.() === 0 ? 'user root;' : '')
          .replace(
            'http {',
            `http {\n    client_body_temp_path ${prefix}/body;\n    proxy_temp_path ${prefix}/proxy;\n` +
              `    fastcgi_temp_path ${prefix}/fastcgi;\n    uwsgi_temp_path ${prefix}/uwsgi;\n` +
              `    scgi_temp_path ${prefix}/scgi;`,
          ),
      );
      return spawnSync(nginx, ['-t', '-q', '-p', `${prefix}/`, '-c', conf], { encoding: 'utf8' });
    } finally {
      rmSync(prefix, { recursive: true, force: true });
    }
  }

  it('pass nginx -t with deploy/nginx/everyhealth.conf', { skip }, () => {
    const result = nginxTest();
    assert.equal(result.status, 0, result.stderr);
  });

  it('and a broken upstreams file does not', { skip }, () => {
    const result = nginxTest((text) => text.replace('keepalive 32;', 'keepalive;'));
    assert.notEqual(result.status, 0);
    assert.match(result.stderr, /keepalive/);
  });
});

// --- Kubernetes ------------------------------------------------------------------------------------

const K8S_DIR = 'deploy/kubernetes';

/** Every object of every manifest: `{ file, object }`. */
function manifests() {
  const objects = [];
  for (const file of readdirSync(path.join(root, K8S_DIR)).sort()) {
    if (!/\.ya?ml$/.test(file) || file === 'kustomization.yaml') continue;
    for (const document of parseAllDocuments(read(`${K8S_DIR}/${file}`))) {
      assert.deepEqual(document.errors, [], `${file}: YAML errors`);
      const object = document.toJS();
      if (object) objects.push({ file, object });
    }
  }
  return objects;
}

/** The kubernetes-models class for an object's apiVersion and kind (the API group's module). */
async function modelOf(object) {
  const group = await import(`kubernetes-models/${object.apiVersion}`).catch(() => ({}));
  const Model = group[object.kind];
  if (!Model) throw new Error(`no Kubernetes schema for ${object.apiVersion} ${object.kind}`);
  return Model;
}

async function validateManifest(object) {
  const Model = await modelOf(object);
  new Model(object).validate();
}

/**
 * The unknown-field check the schemas leave out (they accept any extra key, as the API server in
 * strict field validation, kubectl's default, does not): each object typed as its kubernetes-models
 * interface in a TypeScript file, whose excess-property checks reach every depth, and one `tsc` run
 * on it. Returns tsc's complaints by object (index → text; none: an empty Map).
 */
function unknownFields(objects) {
  const dir = path.join(root, 'node_modules', '.cache', 'everyhealth-deploy-test');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `manifests-${process.pid}.ts`);
  // One object per line, so that a complaint's line number names its object.
  const lines = objects.map((object, index) => {
    const type = `import('kubernetes-models/${object.apiVersion}/${object.kind}').I${object.kind}`;
    return `export const object${index}: ${type} = ${JSON.stringify(object)};`;
  });
  writeFileSync(file, `${lines.join('\n')}\n`);
  try {
    const result = spawnSync(
      process.execPath,
      [
        require.resolve('typescript/bin/tsc'),
        '--ignoreConfig',
        '--noEmit',
        '--strict',
        '--skipLibCheck',
        '--module',
        'esnext',
        '--moduleResolution',
        'bundler',
        '--target',
        'es2022',
        '--types',
        'node',
        '--pretty',
        'false',
        file,
      ],
      { encoding: 'utf8' },
    );
    const complaints = new Map();
    for (const line of (result.stdout + result.stderr).split('\n').filter(Boolean)) {
      const at = /\.ts\((\d+),\d+\): (.*)$/.exec(line);
      const index = at ? Number(at[1]) - 1 : -1;
      complaints.set(index, [complaints.get(index), at ? at[2] : line].filter(Boolean).join('\n'));
    }
    if (result.status !== 0 && complaints.size === 0) complaints.set(-1, 'tsc failed');
    return complaints;
  } finally {
    rmSync(file, { force: true });
  }
}

describe('Kubernetes manifests', () => {
  const objects = manifests();
  const find = (kind, name) =>
    objects.find(({ object }) => object.kind === kind && object.metadata.name === name)?.object;

  it('every object validates against the Kubernetes schemas (kubernetes-models)', async () => {
    assert.ok(objects.length >= 10, `${objects.length} objects`);
    for (const { file, object } of objects) {
      await assert.doesNotReject(
        validateManifest(object),
        `${file}: ${object.kind} ${object.metadata?.name}`,
      );
    }
  });

  it('and invalid ones do not', async () => {
    const deployment = structuredClone(find('Deployment', 'everyhealth-backend'));
    deployment.spec.replicas = 'two';
    await assert.rejects(validateManifest(deployment));
    const probe = structuredClone(find('Deployment', 'everyhealth-app'));
    probe.spec.template.spec.containers[0].readinessProbe.httpGet.port = { name: 'http' };
    await assert.rejects(validateManifest(probe));
    await assert.rejects(
      validateManifest({ apiVersion: 'apps/v1', kind: 'Deploymnet', metadata: {} }),
    );
  });

  it('no object has a field Kubernetes does not know (typed with kubernetes-models, tsc), and a misspelt one fails', () => {
    const misspelt = structuredClone(find('Deployment', 'everyhealth-app'));
    const [container] = misspelt.spec.template.spec.containers;
    container.readinesProbe = container.readinessProbe;
    delete container.readinessProbe;
    // Checked in the same tsc run (it takes seconds): the manifests, then the misspelt copy.
    const complaints = unknownFields([...objects.map(({ object }) => object), misspelt]);
    assert.match(complaints.get(objects.length) ?? '', /readinesProbe/);
    complaints.delete(objects.length);
    assert.deepEqual(Object.fromEntries(complaints), {});
  });

  it('kustomization.yaml lists every manifest but the Secret example and the migration Job', () => {
    const kustomization = parse(read(`${K8S_DIR}/kustomization.yaml`));
    const files = readdirSync(path.join(root, K8S_DIR)).filter(
      (file) => /\.yaml$/.test(file) && file !== 'kustomization.yaml',
    );
    assert.deepEqual(
      [...kustomization.resources].sort(),
      files.filter((file) => !['secret.example.yaml', 'migrate-job.yaml'].includes(file)).sort(),
    );
  });

  it('the Deployments run the rehearsal commands, 2 replicas, non-root, probed on /readyz and /healthz', () => {
    for (const [name, command, port] of [
      ['everyhealth-app', appStart().argv, APP_PORT],
      ['everyhealth-backend', BACKEND_START.argv, BACKEND_PORT],
    ]) {
      const deployment = find('Deployment', name);
      assert.equal(deployment.spec.replicas, 2);
      const pod = deployment.spec.template.spec;
      assert.equal(pod.securityContext.runAsNonRoot, true);
      assert.notEqual(pod.securityContext.runAsUser, 0);
      const [container] = pod.containers;
      assert.deepEqual(container.command, command);
      assert.equal(container.ports[0].containerPort, port);
      assert.equal(container.readinessProbe.httpGet.path, READY_PATH);
      assert.equal(container.livenessProbe.httpGet.path, HEALTH_PATH);
      assert.equal(container.securityContext.allowPrivilegeEscalation, false);
      assert.ok(container.resources.requests && container.resources.limits);
      assert.ok(find('Service', name), `Service ${name}`);
    }
    const job = find('Job', 'everyhealth-migrate');
    assert.deepEqual(job.spec.template.spec.containers[0].command, MIGRATE.argv);
    assert.equal(
      job.spec.template.spec.containers[0].image,
      find('Deployment', 'everyhealth-backend').spec.template.spec.containers[0].image,
    );
  });

  it('the Ingress says what deploy/nginx/everyhealth.conf says', () => {
    const conf = read('deploy/nginx/everyhealth.conf');
    const bodyLimit = /client_max_body_size (\S+);/.exec(conf)[1];
    const annotations = (name) => find('Ingress', name).metadata.annotations;
    const key = (name) => `nginx.ingress.kubernetes.io/${name}`;
    assert.equal(annotations('everyhealth-app')[key('proxy-body-size')], bodyLimit);
    assert.equal(annotations('everyhealth-chat')[key('proxy-body-size')], bodyLimit);
    // /api/events unbuffered, on an exact path to the app.
    assert.equal(annotations('everyhealth-events')[key('proxy-buffering')], 'off');
    const events = find('Ingress', 'everyhealth-events').spec.rules[0].http.paths[0];
    assert.deepEqual([events.path, events.pathType], ['/api/events', 'Exact']);
    // SockJS: every path of /chat/{server}/{session}/{transport} (and info, websocket) to the
    // backends, with affinity and the long timeouts; not the page /chat/{room}.
    const chat = annotations('everyhealth-chat');
    assert.equal(chat[key('affinity')], 'cookie');
    assert.equal(
      chat[key('proxy-read-timeout')],
      /location \/chat\/ \{[^}]*proxy_read_timeout (\d+)s/.exec(conf)[1],
    );
    const paths = find('Ingress', 'everyhealth-chat').spec.rules[0].http.paths;
    const regex = paths.find((entry) => entry.pathType === 'ImplementationSpecific');
    const matches = (uri) => new RegExp(`^${regex.path}`).test(uri);
    assert.ok(matches('/chat/123/abcdefgh/xhr_streaming'));
    assert.ok(matches('/chat/123/abcdefgh/xhr_send'));
    assert.ok(!matches('/chat/42'));
    for (const entry of paths) assert.equal(entry.backend.service.name, 'everyhealth-backend');
  });
});
