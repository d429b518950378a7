// `waitscope synth` with ground truth, run in-process: `--workload oltp` writes the call workload's
// traces and truth; `--truth` writes the commit loop's truth beside traces that stay byte-identical.
// The commit loop's truth is checked against an independent reading of its text (call-reader.ts).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSynthArgs, synthCommand } from '../../lib/cli/synth-command';
import { UsageError } from '../../lib/cli/args';
import { formatTruth, mergeTruths, TruthBook, type CallWorkloadTruth } from '../../lib/synth/call-truth';
import { callSessionSeed, generateCallSession } from '../../lib/synth/call-workload';
import { generateCommitLoop } from '../../lib/synth/commit-loop';
import { makeTempDir } from '../helpers/cli';
import { textSink } from '../helpers/text-sink';
import { callTotals, profile, readTrace, statementTotals, truthRows } from './call-reader';

const temp = makeTempDir('synth-truth');
afterAll(() => temp.remove());

describe('the commit loop with truth', () => {
  it.each([false, true])('writes the same text with a TruthBook (pinExtremes %s), and the truth is what the text says', (pinExtremes) => {
    const o = { preset: 'flash-off' as const, seed: 'truth', commits: 3000, sessionIndex: 2, chunkChars: 1 << 14, stampEvery: 1000, pinExtremes };
    const plain = [...generateCommitLoop(o)].join('');
    const book = new TruthBook();
    const booked = [...generateCommitLoop({ ...o, truth: book })].join('');
    expect(booked).toBe(plain);
    const truth = book.finish();
    const read = readTrace(plain);
    expect(truth.calls).toEqual(callTotals(read));
    expect(truthRows(truth)).toEqual(profile(read));
    expect(truth.statements).toEqual(statementTotals(read));
    // 3,000 commits: each an EXEC, an XCTEND and a 'log file sync' between calls.
    expect(truth.calls.find((c) => c.call === 'EXEC')?.count).toBe(3000);
    expect(truth.responseTime.rows.find((r) => r.component === 'log file sync [between calls]')?.count).toBe(3000);
    expect(truth.responseTime.rows.reduce((n, r) => n + r.total, 0)).toBe(truth.responseTime.total);
  });
});

describe('waitscope synth --workload oltp', () => {
  const dir = path.join(temp.dir, 'oltp');
  let stdout = '';

  it('writes one trace and one truth per session, and the dataset\'s truth', async () => {
    const out = textSink();
    await synthCommand(['--workload', 'oltp', '--release', '10.2', '--sessions', '2', '--commits', '3', '--seed', '9', '--out', dir], out.stream);
    stdout = out.text();
    expect(readdirSync(dir).sort()).toEqual(['oltp-10.2.truth.json', 'oltp-10.2_ora_4100.trc', 'oltp-10.2_ora_4100.truth.json', 'oltp-10.2_ora_4107.trc', 'oltp-10.2_ora_4107.truth.json']);
    expect(stdout).toMatch(/^wrote 2 traces and their truth to .*: [\d,]+ calls \(release 10\.2, seed 9\)/m);
  });

  it('writes exactly what generateCallSession makes for each session\'s seed, and sums the sessions', () => {
    const truths: CallWorkloadTruth[] = [];
    [4100, 4107].forEach((pid, i) => {
      const s = generateCallSession({ release: '10.2', seed: callSessionSeed('10.2', 9, i), transactions: 3, sessionIndex: i });
      expect(Buffer.compare(readFileSync(path.join(dir, `oltp-10.2_ora_${pid}.trc`)), Buffer.from(s.bytes))).toBe(0);
      const json = JSON.parse(readFileSync(path.join(dir, `oltp-10.2_ora_${pid}.truth.json`), 'utf8')) as { params: Record<string, unknown>; truth: CallWorkloadTruth };
      expect(json.truth).toEqual(s.truth);
      expect(json.params).toMatchObject({ workload: 'oltp', release: '10.2', seed: 9, commits: 3, sessionIndex: i, sessionSeed: callSessionSeed('10.2', 9, i) });
      truths.push(s.truth);
    });
    const total = JSON.parse(readFileSync(path.join(dir, 'oltp-10.2.truth.json'), 'utf8')) as { truth: CallWorkloadTruth; files: string[] };
    expect(total.files).toEqual(['oltp-10.2_ora_4100.trc', 'oltp-10.2_ora_4107.trc']);
    expect(total.truth).toEqual(mergeTruths(truths));
    expect(total.truth.responseTime.total).toBe((truths[0]?.responseTime.total ?? NaN) + (truths[1]?.responseTime.total ?? NaN));
  });
});

describe('waitscope synth --preset P --truth', () => {
  it('writes the same traces as without --truth, and a truth per file and for the dataset', async () => {
    const withTruth = path.join(temp.dir, 'with');
    const without = path.join(temp.dir, 'without');
    const args = ['--preset', 'flash-on', '--sessions', '2', '--commits', '2000', '--seed', '3'];
    await synthCommand([...args, '--out', without], textSink().stream);
    await synthCommand([...args, '--truth', '--out', withTruth], textSink().stream);
    expect(readdirSync(without).sort()).toEqual(['flash-on_ora_20000.trc', 'flash-on_ora_20037.trc']);
    expect(readdirSync(withTruth).sort()).toEqual(['flash-on.truth.json', 'flash-on_ora_20000.trc', 'flash-on_ora_20000.truth.json', 'flash-on_ora_20037.trc', 'flash-on_ora_20037.truth.json']);
    const sessions: CallWorkloadTruth[] = [];
    for (const f of ['flash-on_ora_20000', 'flash-on_ora_20037']) {
      const trace = readFileSync(path.join(withTruth, `${f}.trc`));
      expect(Buffer.compare(trace, readFileSync(path.join(without, `${f}.trc`)))).toBe(0);
      const json = JSON.parse(readFileSync(path.join(withTruth, `${f}.truth.json`), 'utf8')) as { truth: CallWorkloadTruth };
      expect(truthRows(json.truth)).toEqual(profile(readTrace(trace.toString('latin1'))));
      sessions.push(json.truth);
    }
    const total = readFileSync(path.join(withTruth, 'flash-on.truth.json'), 'utf8');
    expect((JSON.parse(total) as { truth: CallWorkloadTruth }).truth).toEqual(mergeTruths(sessions));
    expect(total).toBe(formatTruth(JSON.parse(total)));
  });
});

describe('synth options', () => {
  it('documents --workload, --release and --truth in `synth --help`', async () => {
    const out = textSink();
    await synthCommand(['--help'], out.stream);
    expect(out.text()).toMatch(/--workload oltp --release 8i\|9i\|10\.2\|11\.2\|12\.2\|19c\|23ai --out DIR/);
    expect(out.text()).toMatch(/\[--truth\]/);
  });

  it('keeps the commit loop the default, and its defaults', () => {
    expect(parseSynthArgs(['--preset', 'flash-off', '--out', 'x'])).toEqual({ workload: 'commit', preset: 'flash-off', release: null, sessions: 20, commits: 200_000, seed: 1, out: 'x', truth: false });
    expect(parseSynthArgs(['--workload', 'commit', '--preset', 'flash-on', '--truth', '--out', 'x'])).toMatchObject({ workload: 'commit', preset: 'flash-on', release: null, truth: true });
    expect(parseSynthArgs(['--workload', 'oltp', '--release', '23c', '--out', 'x'])).toEqual({ workload: 'oltp', preset: 'flash-on', release: '23ai', sessions: 4, commits: 20, seed: 1, out: 'x', truth: true });
  });

  it.each([
    [['--workload', 'batch', '--out', 'x'], "--workload must be commit, oltp or commit-path, not 'batch'"],
    [['--workload', 'oltp', '--out', 'x'], 'synth --workload oltp needs --release 8i|9i|10.2|11.2|12.2|19c|23ai'],
    [['--workload', 'oltp', '--release', '12c', '--out', 'x'], "--release must be one of 8i, 9i, 10.2, 11.2, 12.2, 19c, 23ai, not '12c'"],
    [['--preset', 'flash-on', '--release', '19c', '--out', 'x'], '--release goes with --workload oltp'],
    [['--workload', 'oltp', '--release', '19c', '--commits', '0', '--out', 'x'], "--commits must be a whole number from 1 to 1,000,000, not '0'"],
  ])('%j is a usage error: %s', (argv, reason) => {
    expect(() => parseSynthArgs(argv)).toThrow(UsageError);
    expect(() => parseSynthArgs(argv)).toThrow(reason);
  });
});
