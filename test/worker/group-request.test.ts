// Issue 15 §2: the page's 'groups' request. Each dataset's groups are a second pass over its files
// with lib/scope's GroupCollector: they must equal what `waitscope stats --json --group` prints for
// the same files and measure (the CLI groups in its parse workers, a separate path), change with
// the measure, and say why a dataset without trace files has none.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GroupRow } from '../../lib/scope/group-stats';
import { createAsker } from '../../lib/worker/asker';
import { NO_WINDOW, parseWindowEdge } from '../../lib/scope/time-window';
import type { DatasetGroups } from '../../lib/worker/group-request';
import type { Ask, InputFile } from '../../lib/worker/protocol';
import { fixturePath, parseJsonOutput, runCli } from '../helpers/cli';
import { SessionHarness } from './session-harness';

const input = (name: string): InputFile => ({ file: new File([readFileSync(fixturePath(name))], name), path: name });

function harness(): { h: SessionHarness; ask: Ask } {
  const h = new SessionHarness();
  const asker = createAsker((r) => void h.send(r));
  h.onMessage = (m) => void asker.receive(m);
  return { h, ask: asker.ask };
}

async function groupsOf(ask: Ask, datasetIds: string[], key: string): Promise<DatasetGroups[]> {
  const reply = await ask('groups', { datasetIds, key });
  if (reply.type !== 'groups') throw new Error(reply.message);
  return reply.groups;
}

const cliGroups = async (...args: string[]) => parseJsonOutput<{ groups: GroupRow[] }>(await runCli(['stats', '--json', ...args])).groups;
const named = (rows: GroupRow[]) => rows.map((r) => ({ ...r, key: r.key.replace(/^.*\//, '') }));

describe("the page's groups request", () => {
  it('equals stats --json --group for the same files and measure', async () => {
    const { h, ask } = harness();
    const files = ['scope/grouping.trc', 'calls/oltp-19c.trc'];
    await h.send({ type: 'add-files', datasetId: 'd', files: files.map(input), event: 'db file sequential read' });
    const paths = files.map(fixturePath);
    for (const key of ['p1', 'module', 'session', 'sqlid', 'minute']) {
      const [got] = await groupsOf(ask, ['d'], key);
      expect(got!.notes).toEqual([]);
      expect(got!.rows!.length, key).toBeGreaterThan(1);
      expect(named(got!.rows!), key).toEqual(named(await cliGroups('--event', 'db file sequential read', '--group', key, ...paths)));
    }
    // Another measure: the EXEC calls, by statement.
    const exec = { kind: 'call' as const, call: 'EXEC', sqlId: null, hashValue: null, dep: null };
    await h.send({ type: 'set-event', event: 'EXEC elapsed', measure: exec });
    const [calls] = await groupsOf(ask, ['d'], 'sqlid');
    expect(calls!.rows).toEqual(await cliGroups('--call', 'EXEC', '--group', 'sqlid', ...paths));
    expect(calls!.rows!.reduce((n, r) => n + r.count, 0)).toBeGreaterThan(2);
  });

  it("cuts the groups to the dataset's window, as stats --group --from/--to does (issue 15)", async () => {
    const { h, ask } = harness();
    const event = 'db file sequential read';
    await h.send({ type: 'add-files', datasetId: 'd', files: [input('scope/grouping.trc')], event });
    // [tim 1,000,500, tim 91,004,001) holds the waits ending at 1,000,600, 1,000,900 and 91,004,000: ela 300 + 50 + 1,000 (grouping.trc).
    const window = { ...NO_WINDOW, from: parseWindowEdge('tim:1000500', '--from'), to: parseWindowEdge('tim:91004001', '--to') };
    await h.send({ type: 'set-window', datasetId: 'd', window });
    for (const key of ['obj', 'session']) {
      const [got] = await groupsOf(ask, ['d'], key);
      expect(got!.rows!.reduce((n, r) => n + r.sum, 0), key).toBe(1350);
      expect(named(got!.rows!), key).toEqual(named(await cliGroups('--event', event, '--group', key, '--from', 'tim:1000500', '--to', 'tim:91004001', fixturePath('scope/grouping.trc'))));
    }
  });

  it('by size: the same rows, size classes and throughput as stats --json --group size (issue 16 §3)', async () => {
    const { h, ask } = harness();
    const event = 'db file scattered read';
    await h.send({ type: 'add-files', datasetId: 'd', files: [input('io/sizes.trc')], event });
    const [got] = await groupsOf(ask, ['d'], 'size');
    const cli = parseJsonOutput<{ groups: GroupRow[]; sizeClasses: unknown; throughput: unknown; blockSizes: unknown }>(await runCli(['stats', '--json', '--event', event, '--group', 'size', fixturePath('io/sizes.trc')]));
    expect(got!.rows).toEqual(cli.groups);
    expect(got!.size).toEqual({ sizeClasses: cli.sizeClasses, throughput: cli.throughput, blockSizes: cli.blockSizes });
    // Worked out in test/io/size-groups.test.ts: 311,296 B in 10 ms.
    expect(got!.size?.throughput.bytesPerSecond).toBe(31_129_600);
  });

  it('says why the synthetic demo and a bad key have none', async () => {
    const { h, ask } = harness();
    await h.send({ type: 'demo', datasetId: 's', preset: 'flash-on', event: 'log file sync', sessions: 2, commits: 50 });
    const [synthetic] = await groupsOf(ask, ['s'], 'session');
    expect(synthetic).toEqual({ datasetId: 's', rows: null, size: null, notes: ['The synthetic demo is waits only, drawn from a model: it has no sessions, statements or parameters to group by.'] });
    const bad = await ask('groups', { datasetIds: ['s'], key: 'Colour!' });
    expect(bad.type).toBe('request-failed');
    expect(bad.type === 'request-failed' && bad.message).toContain("--group takes session, file, instance");
  });
});
