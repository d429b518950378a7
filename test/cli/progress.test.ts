// The progress line appears only for big inputs and only on a terminal, so piped output stays
// clean (issue: "Show a progress line on stderr for inputs over ~100 MB when stderr is a terminal").
import { describe, expect, it } from 'vitest';
import { progressLine } from '../../lib/cli/progress';

function fakeStream(isTTY: boolean) {
  const writes: string[] = [];
  return { stream: { isTTY, write: (s: string) => writes.push(s) } as unknown as NodeJS.WriteStream, writes };
}

describe('progressLine', () => {
  it('writes bytes, percentage and rate for a 200 MB input on a terminal, then clears the line', async () => {
    const { stream, writes } = fakeStream(true);
    const p = progressLine(200e6, stream);
    await new Promise((r) => setTimeout(r, 300)); // the line is throttled to one update per 250 ms
    p.update(50e6);
    p.done();
    expect(writes[0]).toMatch(/^\rreading 50 \/ 200 MB \(25%\), \d+ MB\/s/);
    expect(writes[1]).toBe('\r\x1b[K');
  });

  it('stays silent when stderr is not a terminal', async () => {
    const { stream, writes } = fakeStream(false);
    const p = progressLine(200e6, stream);
    await new Promise((r) => setTimeout(r, 300));
    p.update(50e6);
    p.done();
    expect(writes).toEqual([]);
  });

  it('stays silent for inputs under 100 MB', async () => {
    const { stream, writes } = fakeStream(true);
    const p = progressLine(99e6, stream);
    await new Promise((r) => setTimeout(r, 300));
    p.update(50e6);
    p.done();
    expect(writes).toEqual([]);
  });
});
