// strace -T output as samples (lib/sysio/strace-*.ts). Expected values come from the generator's
// list of calls (lib/synth/strace-log.ts) or are written out by hand from the lines in the test.
import { describe, expect, it } from 'vitest';
import { generateStraceLog, type StraceCallTruth } from '../../lib/synth/strace-log';
import type { TraceFileResult } from '../../lib/trace/types';
import { parseStraceLine } from '../../lib/sysio/strace-line';
import { column, readSysio } from './read-sysio';
import { gzipBytes, toCrlf } from '../helpers/chunks';

describe('strace line grammar', () => {
  it('reads -T durations from their digits: 0.000123 s is 123 µs exactly, nine digits give fractional µs', () => {
    expect(parseStraceLine('fdatasync(3)                            = 0 <0.000123>')).toEqual({ kind: 'call', pid: null, tim: NaN, name: 'fdatasync', micros: 123, resumed: false });
    // 0.000123 * 1e6 would be 122.99999999999999.
    expect(parseStraceLine('fsync(3) = 0 <1.000001>')).toMatchObject({ micros: 1_000_001 });
    expect(parseStraceLine('fsync(3) = 0 <0.000123456>')).toMatchObject({ micros: 123.456 });
  });

  it('reads -f, -o pid columns and -t/-tt/-ttt times', () => {
    expect(parseStraceLine('[pid  4242] 10:15:02.123456 fdatasync(5) = 0 <0.000700>')).toMatchObject({ pid: '4242', tim: (10 * 3600 + 15 * 60 + 2) * 1e6 + 123456, micros: 700 });
    expect(parseStraceLine('4242 1764579600.000250 fdatasync(5) = 0 <0.000700>')).toMatchObject({ pid: '4242', tim: 1_764_579_600_000_250 });
    expect(parseStraceLine('10:15:02 fsync(5) = 0 <0.002000>')).toMatchObject({ pid: null, tim: 36_902_000_000, micros: 2000 });
    // -r: seconds since the previous line, no time.
    expect(parseStraceLine('     0.000123 fsync(5) = 0 <0.002000>')).toMatchObject({ tim: NaN, micros: 2000 });
  });

  it('classifies unfinished, resumed, = ?, errors, signals and exits', () => {
    expect(parseStraceLine('[pid 7] fdatasync(5 <unfinished ...>')).toEqual({ kind: 'unfinished', pid: '7', tim: NaN, name: 'fdatasync' });
    expect(parseStraceLine('[pid 7] <... fdatasync resumed>) = 0 <0.004000>')).toMatchObject({ kind: 'call', name: 'fdatasync', micros: 4000, resumed: true });
    expect(parseStraceLine('[pid 7] <... fdatasync resumed> ) = 0 <0.004000>')).toMatchObject({ kind: 'call', resumed: true });
    expect(parseStraceLine('pwrite64(5, "abc", 3, 0) = -1 EAGAIN (Resource temporarily unavailable) <0.000010>')).toMatchObject({ kind: 'call', name: 'pwrite64', micros: 10 });
    expect(parseStraceLine('exit_group(0)                           = ?')).toMatchObject({ kind: 'no-duration', unavailable: true });
    expect(parseStraceLine('[pid 7] <... read resumed> <unavailable>) = ?')).toMatchObject({ kind: 'no-duration', resumed: true, unavailable: true });
    expect(parseStraceLine('fsync(3) = 0')).toMatchObject({ kind: 'no-duration', unavailable: false });
    expect(parseStraceLine('--- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_EXITED} ---').kind).toBe('other');
    expect(parseStraceLine('[pid 7] +++ exited with 0 +++').kind).toBe('other');
    expect(parseStraceLine('strace: Process 7 attached').kind).toBe('other');
    expect(parseStraceLine('WAIT #0: nam=\'log file sync\' ela= 5').kind).toBe('bad');
  });
});

/** Each sample as [start µs, pid, duration µs], sorted: the truth's form. */
function tuples(r: TraceFileResult): [number, string, number][] {
  const n = r.samples.count;
  const pids = column(r.samples.session, n).map((s) => r.sessions[s]!.pid ?? '');
  return column(r.samples.tim, n)
    .map((t, i): [number, string, number] => [t, pids[i]!, r.samples.ela[i]!])
    .sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
}
const sortedTruth = (calls: readonly StraceCallTruth[]) =>
  calls.map((c): [number, string, number] => [c.start, String(c.pid), c.micros]).sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));

describe('strace -f -tt -T logs from the generator', () => {
  const spec = { seed: 'strace-unit', pids: [4101, 4102, 4103], syncsPerPid: 40, times: 'tt', pidStyle: 'bracket' } as const;
  const { text, calls } = generateStraceLog(spec);
  const syncs = calls.filter((c) => c.name === 'fdatasync');

  it('has unfinished/resumed pairs to pair (else this test proves nothing about them)', () => {
    expect(text).toContain('<unfinished ...>');
    expect(text).toMatch(/<\.\.\. fdatasync resumed>/);
    expect(syncs.some((c) => c.failed)).toBe(true);
  });

  it.each([1, 7, 64, 1 << 16])('gives every fdatasync call with its duration, start time and pid (chunks of %i bytes)', async (size) => {
    const r = await readSysio(text, 'redo.strace', 'fdatasync', size);
    expect(r.outcome).toEqual({ kind: 'parsed' });
    expect(r.samples.count).toBe(syncs.length);
    // A resumed call is booked at its resumed line: the samples are in order of call ends, the truth of starts.
    expect(tuples(r)).toEqual(sortedTruth(syncs));
    expect(r.sessions.map((s) => s.pid).sort()).toEqual(['4101', '4102', '4103']);
    // Every event counted for the picker: the pwrite64 calls too.
    const pwrites = calls.filter((c) => c.name === 'pwrite64');
    expect(r.profile.find((p) => p.event === 'pwrite64')).toMatchObject({ count: pwrites.length, total: pwrites.reduce((a, c) => a + c.micros, 0) });
    // exit_group(0) = ? ends each process: no sample and no warning.
    expect(r.warnings).toEqual([]);
  });

  it('reads -o output (bare pid column) with -ttt epoch times, CRLF line ends and gzip alike', async () => {
    const o = generateStraceLog({ ...spec, times: 'ttt', pidStyle: 'column' });
    const oSyncs = o.calls.filter((c) => c.name === 'fdatasync');
    const bytes = gzipBytes(toCrlf(new TextEncoder().encode(o.text)));
    const r = await readSysio(bytes, 'redo.strace.gz', 'fdatasync', 100);
    expect(r.compression).toBe('gzip');
    expect(tuples(r)).toEqual(sortedTruth(oSyncs));
    expect(oSyncs[0]!.start).toBeGreaterThan(1.7e15);
    // Epoch times anchor each pid's clock at its first call (any syscall) as UTC: wall = the ISO form of that µs.
    const firstOf = (pid: number) => o.calls.filter((c) => c.pid === pid).reduce((a, c) => (c.start < a.start ? c : a));
    const iso = (micros: number) => `${new Date(Math.floor(micros / 1000)).toISOString().slice(0, 19)}.${String(micros % 1e6).padStart(6, '0')}`;
    expect(r.anchors.map((a) => [r.sessions[a.session]!.pid, a.wall, a.utcOffsetMinutes, a.tim]).sort()).toEqual(
      spec.pids.map((pid) => [String(pid), iso(firstOf(pid).start), 0, firstOf(pid).start]),
    );
  });

  it('reads one process without pids or times as one session with no times', async () => {
    const one = generateStraceLog({ ...spec, pids: [900], times: 'none', pidStyle: 'none' });
    const r = await readSysio(one.text, 'one.strace', 'fdatasync');
    expect(r.sessions).toEqual([{ sid: null, serial: null, pid: null, line: 1 }]);
    expect(column(r.samples.ela, r.samples.count)).toEqual(one.calls.filter((c) => c.name === 'fdatasync').map((c) => c.micros));
    expect(column(r.samples.tim, r.samples.count).every(Number.isNaN)).toBe(true);
    expect(r.anchors).toEqual([]);
  });
});

describe('strace pairing and bad lines', () => {
  it('takes the duration from the resumed line and the time and line from the start, per pid', async () => {
    const text = [
      '[pid 11] 10:00:00.000100 fdatasync(5 <unfinished ...>',
      '[pid 12] 10:00:00.000200 fdatasync(6 <unfinished ...>',
      '[pid 12] 10:00:00.000900 <... fdatasync resumed>) = 0 <0.000700>',
      '[pid 11] 10:00:00.001100 <... fdatasync resumed>) = 0 <0.001000>',
      '',
    ].join('\n');
    const r = await readSysio(text, 'pair.strace', 'fdatasync');
    // pid 12 resumed first: its sample comes first, with its own start (line 2, 10:00:00.000200).
    expect(column(r.samples.ela, 2)).toEqual([700, 1000]);
    expect(column(r.samples.tim, 2)).toEqual([36_000_000_200, 36_000_000_100]);
    expect(column(r.samples.line, 2)).toEqual([2, 1]);
    expect(r.warnings).toEqual([]);
  });

  it('counts a resumed call whose start is not in the file, at its resumed time less its duration, and says so', async () => {
    const r = await readSysio('[pid 9] 10:00:01.000500 <... fsync resumed>) = 0 <0.000500>\n[pid 9] 10:00:02.000000 fsync(3) = 0 <0.000200>\n', 'mid.strace', 'fsync');
    expect(column(r.samples.ela, 2)).toEqual([500, 200]);
    expect(column(r.samples.tim, 2)).toEqual([36_001_000_000, 36_002_000_000]);
    expect(r.warnings).toEqual([{ code: 'orphan-fragment', message: "mid.strace: '<... fsync resumed>' without its '<unfinished ...>' start; counted, at the time it resumed less its duration", count: 1, lines: [1] }]);
  });

  it('counts a call that never returned (= ?, not an exit) as a warning, not a sample', async () => {
    const r = await readSysio('[pid 5] read(3, "", 1) = 0 <0.000100>\n[pid 5] read(3 <unfinished ...>\n[pid 6] fsync(4) = 0 <0.000200>\n[pid 5] <... read resumed> <unavailable>) = ?\n', 'q.strace', 'read');
    expect(column(r.samples.ela, r.samples.count)).toEqual([100]);
    expect(r.warnings).toEqual([{ code: 'truncated-record', message: 'q.strace: read never returned (= ?), so it has no duration; such calls are not counted', count: 1, lines: [4] }]);
  });

  it('names bad lines with file:line and counts them; a call unfinished at the end and a cut last line are said', async () => {
    const text = [
      'fdatasync(5) = 0 <0.000500>',
      'garbage here',
      'fdatasync(5) = 0 <0.000600>',
      'more garbage',
      'fdatasync(5 <unfinished ...>',
      'fdatasync(5) = 0 <0.0007',
    ].join('\n');
    const r = await readSysio(text, 'bad.strace', 'fdatasync');
    expect(column(r.samples.ela, r.samples.count)).toEqual([500, 600]);
    const bad = r.warnings.find((w) => w.code === 'unrecognised-line')!;
    expect(bad).toMatchObject({ message: "bad.strace: not a strace line: 'garbage here'", count: 2, lines: [2, 4] });
    expect(r.warnings.find((w) => w.code === 'truncated-final-line')?.lines).toEqual([6]);
    expect(r.warnings.find((w) => w.message.includes('unfinished at the end'))?.lines).toEqual([5]);
  });

  it('refuses strace without -T, and a file that is mostly not strace', async () => {
    const noT = await readSysio('fdatasync(5) = 0\nfdatasync(5) = 0\n', 'not.strace', 'fdatasync');
    expect(noT.outcome).toEqual({ kind: 'not-a-trace', reason: 'not.strace is strace output without durations (2 calls, none with a <seconds> at the end): run strace with -T' });
    const lines = ['fdatasync(5) = 0 <0.000500>', 'fdatasync(5) = 0 <0.000500>', 'fdatasync(5) = 0 <0.000500>', 'fdatasync(5) = 0 <0.000500>', 'fdatasync(5) = 0 <0.000500>'];
    const mostlyBad = await readSysio(`${lines.join('\n')}\n${'x\n'.repeat(6)}`, 'mixed.txt', 'fdatasync');
    expect(mostlyBad.outcome.kind).toBe('not-a-trace');
    expect(mostlyBad.outcome.kind === 'not-a-trace' && mostlyBad.outcome.reason).toBe("mixed.txt:6: not a strace line: 'x' (6 of 11 lines are not strace's): is this strace output?");
    expect(mostlyBad.samples.count).toBe(0);
  });

  it('says which events a file has when the chosen one is absent', async () => {
    const r = await readSysio('fsync(3) = 0 <0.000100>\npwrite64(3, "", 0, 0) = 0 <0.000010>\nfsync(3) = 0 <0.000100>\n', 'x.strace', 'log file sync');
    expect(r.outcome).toEqual({ kind: 'no-event', event: 'log file sync', eventsPresent: ['fsync', 'pwrite64'] });
    expect(r.warnings.at(-1)?.message).toBe("x.strace is strace output with no 'log file sync' calls; its events are 'fsync' (2), 'pwrite64' (1): choose one (--event in the CLI)");
  });
});

describe('strace -f: the first process before any [pid N] prefix', () => {
  // Hand-written, as strace -f -T writes to a terminal: no prefix while one process is traced; the
  // parent's clone returns the child's pid 1235; from then on every line has its pid, the parent's 1234 too.
  const text = [
    'execve("./a", ["./a"], 0x7ffd /* 20 vars */) = 0 <0.000300>',
    'fdatasync(3)                      = 0 <0.000500>',
    'clone(child_stack=NULL, flags=CLONE_CHILD_CLEARTID|SIGCHLD, child_tidptr=0x7f12) = 1235 <0.000100>',
    'strace: Process 1235 attached',
    '[pid  1235] fdatasync(4)          = 0 <0.000700>',
    '[pid  1234] fdatasync(3 <unfinished ...>',
    '[pid  1235] fdatasync(4)          = 0 <0.000800>',
    '[pid  1234] <... fdatasync resumed>) = 0 <0.000900>',
    '',
  ].join('\n');

  it('puts its unprefixed lines in the session of its later pid: two processes, two sessions', async () => {
    const r = await readSysio(text, 'f.strace', 'fdatasync');
    expect(r.sessions.map((s) => s.pid)).toEqual(['1234', '1235']);
    const n = r.samples.count;
    const byPid = column(r.samples.session, n).map((s, i) => [r.sessions[s]!.pid, r.samples.ela[i]]);
    expect(byPid).toEqual([['1234', 500], ['1235', 700], ['1235', 800], ['1234', 900]]);
  });

  it('keeps one unnamed session when no prefix ever comes (one process)', async () => {
    const r = await readSysio(text.split('\n').slice(0, 3).join('\n') + '\n', 'one.strace', 'fdatasync');
    expect(r.sessions.map((s) => s.pid)).toEqual([null]);
  });
});

