import { readFileSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { parseTrace } from '../../lib/trace/parse-trace';
import { fileChunks } from '../../lib/worker/file-chunks';
import { parseInRanges } from '../../lib/worker/parallel-parse';
import { writeCompareInputs } from '../helpers/compare-inputs';
import { inProcessHelper } from '../helpers/range-helper';

const inputs = writeCompareInputs(4000);
afterAll(() => rmSync(inputs.root, { recursive: true, force: true }));

describe('parseInRanges (a large trace on two threads)', () => {
  it('gives exactly the result of one sequential pass', async () => {
    const file = new File([readFileSync(inputs.off[0]!)], 'off.trc');
    const { helper, close } = inProcessHelper();
    await helper.ready;
    const ranged = (await parseInRanges({ file, name: 'off.trc', event: 'log file sync', fileIndex: 0, helpers: [helper], signal: new AbortController().signal, onProgress: () => {}, sizes: { splitBytes: 1 << 20, minBytes: 256 << 10 } }))?.result ?? null;
    close();
    const sequential = await parseTrace(fileChunks(file), { event: 'log file sync', fileName: 'off.trc' });
    expect(ranged).not.toBeNull();
    expect(file.size).toBeGreaterThan(4 * (256 << 10)); // several ranges, split between the two runners
    const s = (r: typeof sequential) => ({ ...r, samples: { ...r.samples, ela: Array.from(r.samples.ela), tim: Array.from(r.samples.tim), line: Array.from(r.samples.line), offset: Array.from(r.samples.offset), session: Array.from(r.samples.session), file: Array.from(r.samples.file) } });
    expect(s(ranged!)).toEqual(s(sequential));
    expect(ranged!.samples.count).toBe(4000);
  });

  it('says "read it in one pass" for gzip', async () => {
    const gz = inputs.on.find((f) => f.endsWith('.gz'))!;
    const file = new File([readFileSync(gz)], 'on.trc.gz');
    expect(await parseInRanges({ file, name: 'on.trc.gz', event: 'log file sync', fileIndex: 0, helpers: [], signal: new AbortController().signal, onProgress: () => {}, sizes: { splitBytes: 64 << 10, minBytes: 64 << 10 } })).toBeNull();
  });
});
