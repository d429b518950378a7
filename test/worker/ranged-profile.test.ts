// The page's profile of a large plain file (lib/worker/profile-request.ts) is joined from its byte
// ranges, read by the range workers as the parse reads them (here one in this process, over the
// same message protocol), and must equal the profile of one pass over the file.
import { describe, expect, it, vi } from 'vitest';
import { profileTrace } from '../../lib/profile/profile-trace';
import { generateCallSession } from '../../lib/synth/call-workload';
import { DatasetState } from '../../lib/worker/dataset-state';
import { ProfileCache } from '../../lib/worker/profile-request';
import { parseTrace } from '../../lib/trace/parse-trace';
import { inProcessHelper } from '../helpers/range-helper';

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

describe("the page's profile of a large plain file", () => {
  it('is joined from ranges scanned by the range workers, and equals one pass', async () => {
    const { bytes } = generateCallSession({ release: '19c', seed: 7, transactions: 1500 });
    const name = 'oltp_ora_4242.trc';
    const d = new DatasetState('a', { event: 'log file sync' });
    const result = await parseTrace(once(bytes), { event: 'log file sync', fileName: name });
    d.traces = [{ file: new File([new Uint8Array(bytes)], name), name, result, status: { state: 'done' } as never }];
    const { helper, close } = inProcessHelper();
    const scans = vi.spyOn(helper, 'scan');
    let asked = 0;
    const sizes = { splitBytes: 256 << 10, minBytes: 64 << 10 };
    expect(bytes.length, 'large enough to be cut into several ranges').toBeGreaterThan(4 * sizes.minBytes);
    try {
      const cache = new ProfileCache({ helpers: async () => (asked++, [helper]), sizes });
      const got = await cache.profileOf(d, 1_000_000, () => {});
      expect(asked, 'the range workers were asked for').toBe(1);
      expect(scans.mock.calls.length, 'the range worker profiled ranges of the file').toBeGreaterThan(0);
      expect(scans.mock.calls.every(([task]) => task.profile?.thinkTimeMicros === 1_000_000)).toBe(true);
      const one = (await profileTrace(once(bytes), { thinkTimeMicros: 1_000_000, fileName: name })).profile;
      expect(got.profile).toEqual(one);
      expect(got.notes).toEqual([]);
    } finally {
      close();
    }
  });
});
