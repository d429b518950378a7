// The text path and the direct path of the synthetic model agree exactly: trace files written by
// `waitscope synth` and read back by the real parser hold, session by session and in file order, the
// very `log file sync` values that `sampleWaits` draws for the same per-session seeds. This is what lets
// test/synth/calibration.test.ts check Table 15.1 at book scale without writing 1.8 GB of traces.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinsExtremes, sessionFileName, sessionSeed, synthCommand } from '../../lib/cli/synth-command';
import { fileChunks } from '../../lib/node/file-chunks';
import { sampleWaits } from '../../lib/synth/wait-model';
import { parseTrace } from '../../lib/trace';
import { makeTempDir } from '../helpers/cli';

const SESSIONS = 3;
const COMMITS = 20_000;
const SEED = 2012;

describe.each(['flash-on', 'flash-off'] as const)('%s: synth trace files equal the direct sample', (preset) => {
  const temp = makeTempDir(`synth-${preset}`);
  let printed = '';

  beforeAll(async () => {
    const sink = { write: (s: string) => ((printed += s), true) } as unknown as NodeJS.WritableStream;
    await synthCommand(['--preset', preset, '--sessions', String(SESSIONS), '--commits', String(COMMITS), '--seed', String(SEED), '--out', temp.dir], sink);
  });
  afterAll(() => temp.remove());

  it('writes one file per session, with stable names', async () => {
    const names = Array.from({ length: SESSIONS }, (_, i) => sessionFileName(preset, i));
    expect(names).toEqual([`${preset}_ora_20000.trc`, `${preset}_ora_20037.trc`, `${preset}_ora_20074.trc`]);
    expect((await readdir(temp.dir)).sort()).toEqual(names);
    expect(printed).toContain(`${(SESSIONS * COMMITS).toLocaleString('en-US')} 'log file sync' waits`);
  });

  it.each(Array.from({ length: SESSIONS }, (_, i) => i))('session %i: parsed values, in order, equal sampleWaits for its seed', async (i) => {
    const file = path.join(temp.dir, sessionFileName(preset, i));
    const result = await parseTrace(fileChunks(file), { event: 'log file sync', fileName: file });
    expect(result.outcome.kind).toBe('parsed');
    expect(result.warnings).toEqual([]);
    expect(result.facts.oracleVersion).toBe('11.2.0.4.0');
    const parsed = result.samples.ela.subarray(0, result.samples.count);
    const direct = sampleWaits(preset, COMMITS, sessionSeed(preset, SEED, i), { pinExtremes: pinsExtremes(i) });
    expect(parsed.length).toBe(COMMITS);
    // toEqual on 20,000 numbers prints an unreadable diff; report the first mismatch instead.
    const first = parsed.findIndex((v, k) => v !== direct[k]);
    expect(first === -1 ? null : { at: first, parsed: parsed[first], direct: direct[first] }).toBeNull();
  });
});
