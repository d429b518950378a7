// The CLI starts its parse workers before it loads the rest of itself (lib/node/early-workers.ts);
// the thread count must be read from the raw command line exactly as the commands read it.
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { PARSE_WORKER_URL, startParseWorkers, takeStartedWorkers, threadsRequested } from '../../lib/node/early-workers';

describe('early parse workers', () => {
  it('reads --workers N and --workers=N, and defaults to one thread per core', () => {
    expect(threadsRequested(['stats', '--workers', '3', 'f.trc'])).toBe(3);
    expect(threadsRequested(['stats', '--json', '--workers=2', 'f.trc'])).toBe(2);
    expect(threadsRequested(['stats', 'f.trc'])).toBe(availableParallelism());
  });

  it('starts none for a --workers value the command will refuse', () => {
    expect(threadsRequested(['stats', '--workers', 'x', 'f.trc'])).toBe(1);
    expect(threadsRequested(['stats', '--workers', '0', 'f.trc'])).toBe(1);
  });

  it('starts none where there is no bundled worker script (the sources run here)', () => {
    startParseWorkers(4);
    expect(takeStartedWorkers(PARSE_WORKER_URL, 4)).toEqual([]);
  });
});
