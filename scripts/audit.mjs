#!/usr/bin/env node
/**
 * `npm run audit`: fails (exit 1) when a runtime dependency (what `npm ci --omit=dev` installs,
 * the app's and the backend's) has a known high or critical advisory, and lists each with its
 * advisory and whether a fix is in range. Dev dependencies are left out: they never run in
 * production, and Renovate keeps them current anyway.
 *
 * The advisories come from the registry's bulk advisory endpoint, through `npm audit --json`. When
 * that endpoint does not answer (a registry mirror that only serves packages, as on the machines
 * this project is built on, answers 405; no network at all), nothing was checked: the script says
 * so loudly and exits 0, or 2 with AUDIT_REQUIRED=1 (for a CI that must never pass unchecked).
 *
 * Usage: node scripts/audit.mjs [--level high|critical|moderate|low]
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

const SEVERITIES = ['info', 'low', 'moderate', 'high', 'critical'];

/**
 * Reads `npm audit --json` output. Returns `{ checked: false, reason }` when npm could not ask
 * the advisory service, else `{ checked: true, dependencies, findings }`: one finding per
 * vulnerable package at or above `level`, with the advisories behind it (direct ones, or the
 * packages through which it is vulnerable).
 */
export function readAuditReport(text, level = 'high') {
  let report;
  try {
    report = JSON.parse(text);
  } catch {
    return { checked: false, reason: `npm audit printed no JSON: ${text.trim().slice(0, 200)}` };
  }
  if (!report || typeof report !== 'object' || !report.vulnerabilities) {
    const reason =
      report?.message ?? report?.error?.summary ?? report?.error?.code ?? 'no audit report';
    return { checked: false, reason: String(reason) };
  }
  const floor = SEVERITIES.indexOf(level);
  if (floor < 0) throw new Error(`unknown severity ${level}`);
  const findings = Object.values(report.vulnerabilities)
    .filter((entry) => SEVERITIES.indexOf(entry.severity) >= floor)
    .map((entry) => ({
      name: entry.name,
      severity: entry.severity,
      range: entry.range,
      direct: Boolean(entry.isDirect),
      advisories: entry.via
        .filter((via) => typeof via === 'object')
        .map((via) => ({ title: via.title, url: via.url, severity: via.severity })),
      through: entry.via.filter((via) => typeof via === 'string'),
      fix:
        entry.fixAvailable === true
          ? 'npm audit fix'
          : entry.fixAvailable
            ? `${entry.fixAvailable.name}@${entry.fixAvailable.version}${entry.fixAvailable.isSemVerMajor ? ' (major)' : ''}`
            : 'none yet',
    }))
    .sort(
      (a, b) =>
        SEVERITIES.indexOf(b.severity) - SEVERITIES.indexOf(a.severity) ||
        a.name.localeCompare(b.name),
    );
  return { checked: true, dependencies: report.metadata?.dependencies?.prod, findings };
}

/** The lines printed for a finding. */
export function describe(finding) {
  const lines = [
    `  ${finding.severity.padEnd(8)} ${finding.name} ${finding.range}${finding.direct ? ' (direct)' : ''}  fix: ${finding.fix}`,
  ];
  for (const advisory of finding.advisories)
    lines.push(`           ${advisory.title} ${advisory.url ?? ''}`.trimEnd());
  if (finding.through.length) lines.push(`           through ${finding.through.join(', ')}`);
  return lines;
}

function main() {
  const at = process.argv.indexOf('--level');
  const level = at > 0 ? process.argv[at + 1] : 'high';
  const npm = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const result = readAuditReport(npm.stdout ?? '', level);
  if (!result.checked) {
    console.warn(
      `[audit] NOT CHECKED: the advisory service did not answer (${result.reason}).\n` +
        '[audit] Runtime dependencies were not compared with known advisories.',
    );
    process.exit(process.env.AUDIT_REQUIRED === '1' ? 2 : 0);
  }
  const { findings, dependencies } = result;
  if (findings.length === 0) {
    console.log(
      `[audit] no ${level} or higher advisories in ${dependencies ?? 'the'} runtime dependencies`,
    );
    return;
  }
  console.error(
    `[audit] ${findings.length} runtime dependencies with ${level} or higher advisories:`,
  );
  for (const finding of findings) console.error(describe(finding).join('\n'));
  process.exit(1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
