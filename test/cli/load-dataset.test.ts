// loadDataset for the commands that read every event (profile, statements, compare --profile): their
// scan selects no event, so no event's values are kept or tallied (none of them shows one), while
// every WAIT still reaches the event table and the call profile. Expected counts come from the
// fixture's golden file (the generator's ground truth), not from the code under test.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../lib/cli/load-dataset';
import type { CommonArgs } from '../../lib/cli/args';
import type { Golden } from '../../lib/synth/golden';
import { fixturePath } from '../helpers/cli';
import { textSink } from '../helpers/text-sink';

const golden = JSON.parse(readFileSync(new URL('../golden/v11g-commit-loop.json', import.meta.url), 'utf8')) as Golden;
const syncs = golden.profile['log file sync'] as { count: number; total: number };

const args: CommonArgs = { event: 'log file sync', json: false, workers: 1, paths: [fixturePath('v11g-commit-loop.trc')] };

/** stderr for the load, kept to check that it says nothing. */
function quietStderr(): { stream: NodeJS.WriteStream; text: () => string } {
  const sink = textSink();
  return { stream: sink.stream as unknown as NodeJS.WriteStream, text: sink.text };
}

describe('loadDataset for a command that reads every event', () => {
  it('keeps no values of the named event, and still counts its WAITs in the event table and the profile', async () => {
    expect(syncs.count).toBeGreaterThan(0); // the fixture has waits a tally would have kept
    const stderr = quietStderr();
    const dataset = await loadDataset(args, { keep: 'counts', profile: {}, readsEveryEvent: true, stderr: stderr.stream });
    expect(dataset.event).toBe('log file sync'); // still labelled with the command's event
    expect(dataset.elaHistogram?.total).toBe(0);
    expect(dataset.profile.find((r) => r.event === 'log file sync')).toMatchObject({ count: syncs.count, total: syncs.total });
    // The profile's rows of the event (within or between calls), summed.
    const rows = (dataset.callProfile?.components ?? []).filter((c) => c.subject === 'log file sync');
    expect(rows.length).toBeGreaterThan(0);
    expect({ count: rows.reduce((n, c) => n + c.count, 0), total: rows.reduce((n, c) => n + c.total, 0) }).toEqual({ count: syncs.count, total: syncs.total });
    expect(stderr.text()).toBe('');
  });

  it('keeps the named event’s counts for a command that measures it (stats)', async () => {
    const dataset = await loadDataset(args, { keep: 'counts', stderr: quietStderr().stream });
    expect(dataset.elaHistogram?.total).toBe(syncs.count);
    expect(dataset.fileCounts).toEqual([syncs.count]);
  });
});
