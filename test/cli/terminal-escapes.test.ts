// Trace-derived text (event names, file names, warnings, errors) reaches the terminal with its
// control characters escaped, in every command's text and JSON output (issue 12: `profile`
// printed event names raw and `outliers` file names raw).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { safeField, safeJson, safeText } from '../../lib/cli/terminal-text';
import { fixturePath, makeTempDir, parseJsonOutput, runCli, type CliRun } from '../helpers/cli';

const ESC = '\u001b';
const CSI = '\u009b'; // the 8-bit control sequence introducer
/** An event name that sets the window title and rings the bell; one with an 8-bit CSI. */
const EVIL_EVENT = `db file ${ESC}]0;pwned\u0007read`;
const C1_EVENT = `${CSI}2Jcleared`;
const EVIL_FILE = `x${ESC}[31mred_ora_1.trc`;

const temp = makeTempDir('terminal-escapes');
const trace = readFileSync(fixturePath('v19c-session.trc'), 'latin1')
  .replaceAll("nam='db file sequential read'", `nam='${EVIL_EVENT}'`)
  .replaceAll("nam='PGA memory operation'", `nam='${C1_EVENT}'`);
const file = path.join(temp.dir, EVIL_FILE);
// UTF-8, as a trace holding these characters would be: U+009B is two bytes (C2 9B).
writeFileSync(file, trace, 'utf8');
const notATrace = path.join(temp.dir, `notes${ESC}[2J.trc`);
writeFileSync(notATrace, 'Meeting notes\nnothing here\n');
afterAll(() => temp.remove());

/** No raw control character but LF in the output. */
function expectNoRawControls(run: CliRun): void {
  expect(run.status, run.stderr).toBe(0);
  // eslint-disable-next-line no-control-regex
  for (const [name, text] of [['stdout', run.stdout], ['stderr', run.stderr]]) expect(text, name).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
}

describe('terminal-text', () => {
  it('escapes control characters; a field escapes TAB and LF too; JSON stays valid', () => {
    expect(safeText('a\u001b[2Jb\u0007\r\tc\nd\u009b')).toBe('a\\x1b[2Jb\\x07\\x0d\tc\nd\\x9b');
    expect(safeField('a\tb\nc')).toBe('a\\x09b\\x0ac');
    const json = safeJson({ name: `x${ESC}y${CSI}z\u007f` });
    expect(json).toBe('{\n  "name": "x\\u001by\\u009bz\\u007f"\n}\n');
    expect(JSON.parse(json)).toEqual({ name: `x${ESC}y${CSI}z\u007f` });
  });
});

describe('CLI output of hostile names', () => {
  it('profile: event names escaped in the table', async () => {
    const run = await runCli(['profile', file]);
    expectNoRawControls(run);
    expect(run.stdout).toContain('db file \\x1b]0;pwned\\x07read');
    expect(run.stdout).toContain('\\x9b2Jcleared');
  });

  it('profile --json: the names survive a JSON round trip', async () => {
    const run = await runCli(['profile', '--json', file]);
    expectNoRawControls(run);
    const json = parseJsonOutput<{ files: string[]; events: { event: string }[] }>(run);
    expect(json.files).toEqual([file]);
    expect(json.events.map((e) => e.event)).toEqual(expect.arrayContaining([EVIL_EVENT, C1_EVENT]));
  });

  it('outliers: file names escaped in the list, the windows and the context', async () => {
    const run = await runCli(['outliers', '--context', '3', '--event', EVIL_EVENT, file]);
    expectNoRawControls(run);
    expect(run.stdout).toContain('x\\x1b[31mred_ora_1.trc');
    expect(run.stdout).toContain("nam='db file \\x1b]0;pwned\\x07read'");
  });

  it('outliers: an LF in a file name does not start a forged line in the context header or a window', async () => {
    const forged = path.join(temp.dir, 'a\nwindow 9: forged_ora_1.trc');
    writeFileSync(forged, trace, 'utf8');
    const run = await runCli(['outliers', '--context', '3', '--threshold', '1', '--min-count', '2', '--event', EVIL_EVENT, forged]);
    expectNoRawControls(run);
    expect(run.stdout).toContain('a\\x0awindow 9: forged_ora_1.trc');
    for (const line of run.stdout.split('\n')) expect(line.startsWith('window 9: forged')).toBe(false);
  });

  it('stats: the file table; a skipped file is named escaped in the warning', async () => {
    const run = await runCli(['stats', file, notATrace, path.join(fixturePath('v11g-commit-loop.trc'))]);
    expectNoRawControls(run);
    expect(run.stdout).toContain('x\\x1b[31mred_ora_1.trc');
    expect(run.stderr).toContain('notes\\x1b[2J.trc');
  });

  it('errors name the input escaped', async () => {
    const run = await runCli(['stats', notATrace]);
    expect(run.status).toBe(2);
    expect(run.stderr).not.toContain(ESC);
    expect(run.stderr).toContain('notes\\x1b[2J.trc');
  });
});
