// Group keys on a hand-written trace (test/fixtures/scope/grouping.trc) whose answers are worked
// out by reading it: five 'db file sequential read' waits
//   100 µs  session 10.20, SQL*Plus/load/alice, cursor #5 (aaaaaaaaaaaaa, dep 0), file#=4, obj#=70, 10:00
//   300 µs  session 10.20, SQL*Plus/load/alice, cursor #5,                         file#=4, obj#=71, 10:00
//    50 µs  session 10.20, SQL*Plus/load/alice, cursor #6 (bbbbbbbbbbbbb, dep 1), file#=5, obj#=70, 10:00
//  1000 µs  session 10.20, batch/load/alice,    cursor #5,                         file#=5, obj#=-1, 10:01
//     7 µs  session 11.30, app, no action or client, WAIT #0 (no statement),      file#=4, obj#=70, 10:02
// and two EXECs: #5 e=700 (dep 0, SQL*Plus), #6 e=100 (dep 1, SQL*Plus).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { datasetGroupRows } from '../../lib/scope/dataset-groups';
import { GroupCollector, type GroupSpec } from '../../lib/scope/group-collector';
import { parseGroupKey, type GroupKey } from '../../lib/scope/group-key';
import { parseWhere } from '../../lib/scope/where-parse';
import { combineFiles } from '../../lib/trace/dataset';
import type { Measure } from '../../lib/trace/measure';
import { parseTrace } from '../../lib/trace/parse-trace';

const BYTES = new Uint8Array(readFileSync(new URL('../fixtures/scope/grouping.trc', import.meta.url)));
const EVENT = 'db file sequential read';

function key(text: string): GroupKey {
  const k = parseGroupKey(text);
  if (typeof k === 'string') throw new Error(k);
  return k;
}

/** [key, count, sum] of each group, in the order given (sorted by total). */
async function groups(keyText: string, where: string | null = null, measure?: Exclude<Measure, { kind: 'event' }>, chunk = BYTES.length) {
  const spec: GroupSpec = { key: key(keyText), where: where === null ? null : parseWhere(where) };
  const collector = new GroupCollector(spec, 'grouping.trc');
  const chunks = Array.from({ length: Math.ceil(BYTES.length / chunk) }, (_, i) => BYTES.subarray(i * chunk, (i + 1) * chunk));
  const result = await parseTrace(
    (async function* () {
      yield* chunks;
    })(),
    { event: measure ? 'measure' : EVENT, fileName: 'grouping.trc', visitor: collector, ...(measure && { measure }) },
  );
  const dataset = { ...combineFiles(EVENT, [result]), groupTallies: [collector.finish()] };
  const rows = datasetGroupRows(dataset, spec) ?? [];
  return { rows: rows.map((r) => [r.key, r.count, r.sum]), full: rows, samples: result.samples.count };
}

describe('group keys on a hand-written trace', () => {
  it.each([
    ['p1', [['5', 2, 1050], ['4', 3, 407]]],
    ['file#', [['5', 2, 1050], ['4', 3, 407]]],
    ['p2', [['12', 1, 1000], ['11', 1, 300], ['10', 1, 100], ['1', 2, 57]]],
    ['blocks', [['1', 5, 1457]]],
    ['p3', [['1', 5, 1457]]],
    ['obj', [['-1', 1, 1000], ['71', 1, 300], ['70', 3, 157]]],
    ['sqlid', [['aaaaaaaaaaaaa', 3, 1400], ['bbbbbbbbbbbbb', 1, 50], ['unknown statement (cursor #0)', 1, 7]]],
    ['module', [['batch', 1, 1000], ['SQL*Plus', 3, 450], ['app', 1, 7]]],
    ['action', [['load', 4, 1450], ['(none)', 1, 7]]],
    ['client', [['alice', 4, 1450], ['(none)', 1, 7]]],
    ['session', [['grouping.trc 10.20', 4, 1450], ['grouping.trc 11.30', 1, 7]]],
    ['file', [['grouping.trc', 5, 1457]]],
    ['instance', [['inst1', 5, 1457]]],
    ['minute', [['2024-01-01T10:01Z', 1, 1000], ['2024-01-01T10:00Z', 3, 450], ['2024-01-01T10:02Z', 1, 7]]],
    ['hour', [['2024-01-01T10:00Z', 5, 1457]]],
  ])('--group %s', async (k, expected) => {
    expect((await groups(k)).rows).toEqual(expected);
    // Read in 7-byte chunks (every record split across chunks): the same groups.
    expect((await groups(k, null, undefined, 7)).rows).toEqual(expected);
  });

  it('gives each group the exact statistics, null below the sample size a statistic needs', async () => {
    const { full } = await groups('p1');
    // p1 = 5: {50, 1000}. p1 = 4: {7, 100, 300}, median 100.
    expect(full[0]).toEqual({ key: '5', count: 2, min: 50, median: 525, mean: 525, p99: null, max: 1000, sum: 1050 });
    expect(full[1]).toEqual({ key: '4', count: 3, min: 7, median: 100, mean: 407 / 3, p99: null, max: 300, sum: 407 });
  });

  it.each([
    ['ela >= 100 and ela < 1000', [['4', 2, 400]]],
    ['dep = 1', [['5', 1, 50]]],
    ["module = 'SQL*Plus'", [['4', 2, 400], ['5', 1, 50]]],
    ['p1 = 4 or obj = 71', [['4', 3, 407]]],
    ['not (p1 = 4)', [['5', 2, 1050]]],
    ["blocks = 1 and sqlid = 'aaaaaaaaaaaaa'", [['5', 1, 1000], ['4', 2, 400]]],
    ["session = '11.30'", [['4', 1, 7]]],
    ["file = 'grouping.trc' and obj# = -1", [['5', 1, 1000]]],
  ])('--where %s filters what is measured', async (where, expected) => {
    const { rows, samples } = await groups('p1', where);
    expect(rows).toEqual(expected);
    // The samples the parse kept are the ones the where let through.
    expect(samples).toBe(expected.reduce((n, [, count]) => n + (count as number), 0));
  });

  it('groups a call measure by its statement, module and depth', async () => {
    const exec: Exclude<Measure, { kind: 'event' }> = { kind: 'call', call: 'EXEC', sqlId: null, hashValue: null, dep: null };
    expect((await groups('sqlid', null, exec)).rows).toEqual([['aaaaaaaaaaaaa', 1, 700], ['bbbbbbbbbbbbb', 1, 100]]);
    expect((await groups('module', null, exec)).rows).toEqual([['SQL*Plus', 2, 800]]);
    expect((await groups('sqlid', 'dep = 0', exec)).rows).toEqual([['aaaaaaaaaaaaa', 1, 700]]);
    expect((await groups('session', 'e < 500', exec)).rows).toEqual([['grouping.trc 10.20', 1, 100]]);
    // A call has no wait parameters.
    expect((await groups('p1', null, exec)).rows).toEqual([['(none)', 2, 800]]);
  });
});

describe('minute and hour without a wall-clock time', () => {
  it("put a trace's waits without tim (9i) under 'no time'", async () => {
    const bytes = new Uint8Array(readFileSync(new URL('../fixtures/v9i-generic-params.trc', import.meta.url)));
    const result = await parseTrace(
      (async function* () {
        yield bytes;
      })(),
      { event: 'log file sync', fileName: 'v9i.trc' },
    );
    const spec: GroupSpec = { key: key('minute'), where: null };
    const rows = datasetGroupRows({ ...combineFiles('log file sync', [result]), groupTallies: null }, spec) ?? [];
    expect(result.samples.count).toBeGreaterThan(0);
    expect(rows.map((r) => [r.key, r.count])).toEqual([['no time', result.samples.count]]);
  });
});

describe('APPNAME records (before 10g) set module and action', () => {
  it('groups the 9i fixture by its APPNAME module and action', async () => {
    const bytes = new Uint8Array(readFileSync(new URL('../fixtures/v9i-generic-params.trc', import.meta.url)));
    // test/fixtures/v9i-generic-params.trc line 18: APPNAME mod='SQL*Plus' mh=3669949024 act='commit loop' ah=4029777240
    for (const [k, label] of [['module', 'SQL*Plus'], ['action', 'commit loop']] as const) {
      const collector = new GroupCollector({ key: key(k), where: null }, 'v9i.trc');
      const result = await parseTrace(
        (async function* () {
          yield bytes;
        })(),
        { event: 'log file sync', fileName: 'v9i.trc', visitor: collector },
      );
      const tallies = collector.finish();
      expect(tallies.labels).toEqual([label]);
      expect(tallies.counts[0]?.total).toBe(result.samples.count);
      expect(result.samples.count).toBeGreaterThan(0);
    }
  });
});
