#!/usr/bin/env node
// `npm test [-- vitest args]`: makes sure Chromium is there for the browser tests, runs Vitest
// with its default reporter plus a JSON one, and ends with one summary line CI can read:
//   N passed, N failed[, N skipped]
// Exits non-zero when any test failed, when Vitest itself failed, or when no test ran.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', NEXT_TELEMETRY_DISABLED: '1' };

/** Prints the closing line and exits; the line is always the last thing printed. */
function finish(counts, ok) {
  const parts = [`${counts.passed} passed`, `${counts.failed} failed`];
  if (counts.skipped > 0) parts.push(`${counts.skipped} skipped`);
  console.log(parts.join(', '));
  process.exit(ok ? 0 : 1);
}

const NONE = { passed: 0, failed: 0, skipped: 0 };

const ensure = spawnSync('bash', [path.join(ROOT, 'scripts/ensure-chromium.sh')], {
  cwd: ROOT,
  env,
  stdio: 'inherit',
});
if (ensure.status !== 0) {
  console.error('run-tests: Chromium is required for the browser tests and could not be made available (see above).');
  finish(NONE, false);
}

const outDir = mkdtempSync(path.join(tmpdir(), 'waitscope-vitest-'));
const jsonFile = path.join(outDir, 'results.json');
const args = [
  '--no-install',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${jsonFile}`,
  ...process.argv.slice(2),
];

const child = spawn('npx', args, { cwd: ROOT, env, stdio: 'inherit' });
// Ctrl-C reaches Vitest through the terminal's process group; SIGTERM from a CI runner does not.
const forward = (signal) => child.kill(signal);
process.on('SIGTERM', forward);
process.on('SIGINT', () => {});

const exitCode = await new Promise((resolve) => {
  child.on('error', (error) => {
    console.error(`run-tests: could not start Vitest: ${error.message}`);
    resolve(1);
  });
  child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
});

let report;
try {
  report = JSON.parse(readFileSync(jsonFile, 'utf8'));
} catch (error) {
  console.error(`run-tests: Vitest wrote no readable JSON report (${error.message}).`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
if (!report) finish(NONE, false);

// A file that failed to load (syntax error, failing import, failing beforeAll) has no failed
// test in it, yet it failed: count it as one failure so the closing line does not read clean.
const brokenFiles = (report.testResults ?? []).filter(
  (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'),
);
for (const file of brokenFiles) {
  console.error(`run-tests: ${path.relative(ROOT, file.name)} failed outside any test: ${file.message ?? 'see above'}`);
}

const counts = {
  passed: report.numPassedTests ?? 0,
  failed: (report.numFailedTests ?? 0) + brokenFiles.length,
  skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
};
if (exitCode !== 0) console.error(`run-tests: Vitest exited with code ${exitCode}.`);
if (counts.passed + counts.failed === 0) console.error('run-tests: no test ran.');
finish(counts, exitCode === 0 && counts.failed === 0 && counts.passed > 0);
