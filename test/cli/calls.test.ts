// The call commands of issue 14 through the real CLI, against the generator's booked truth for the
// golden pairs (test/fixtures/calls/*.truth.json) and counts made here by regex.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CallWorkloadTruth } from '../../lib/synth/call-truth';
import { FIXTURES_DIR, makeTempDir, parseJsonOutput, runCli } from '../helpers/cli';

const trace = (name: string) => path.join(FIXTURES_DIR, 'calls', `${name}.trc`);
const truthOf = (name: string) => (JSON.parse(readFileSync(path.join(FIXTURES_DIR, 'calls', `${name}.truth.json`), 'utf8')) as { truth: CallWorkloadTruth }).truth;
const lines = (name: string) => readFileSync(trace(name), 'latin1').split('\n');

interface ProfileJson {
  calls: { call: string; dep: number; count: number; e: number; c: number }[];
  responseTime: { total: number; sessions: number; thinkTime: number; rows: { component: string; total: number; count: number; share: number | null }[] };
  events: { event: string }[];
}

describe('waitscope profile: calls and the response-time profile (JSON contract of issue 14 §6)', () => {
  it('gives calls per name and depth and rows adding up to R, equal to the truth', async () => {
    const run = await runCli(['profile', '--json', trace('oltp-11-2')]);
    expect(run.status).toBe(0);
    const json = parseJsonOutput<ProfileJson>(run);
    const truth = truthOf('oltp-11-2');
    const key = (r: { call: string; dep: number }) => `${r.call}/${r.dep}`;
    expect(Object.fromEntries(json.calls.map((c) => [key(c), c]))).toEqual(Object.fromEntries(truth.calls.map((c) => [key(c), c])));
    expect(json.responseTime.total).toBe(truth.responseTime.total);
    expect(json.responseTime.rows.reduce((s, r) => s + r.total, 0)).toBe(truth.responseTime.total);
    const rows = (list: readonly { component: string; total: number; count: number }[]) => Object.fromEntries(list.map((r) => [r.component, [r.total, r.count]]));
    expect(rows(json.responseTime.rows)).toEqual(rows(truth.responseTime.rows));
    expect(json.responseTime.thinkTime).toBe(1_000_000);
    expect(json.events.length).toBeGreaterThan(0);
  });

  it('moves waits to the think-time row with --think-time', async () => {
    const run = await runCli(['profile', '--json', '--think-time', '1ms', trace('oltp-11-2')]);
    const json = parseJsonOutput<ProfileJson>(run);
    // SQL*Net message from client waits between calls of at least 1000 µs, counted here by regex
    // over the truth's own classification: every such wait in this file lies between calls.
    const snmfc = lines('oltp-11-2')
      .map((l) => /^WAIT #\d+: nam='SQL\*Net message from client' ela= (\d+)/.exec(l))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => Number(m[1]));
    const think = json.responseTime.rows.find((r) => r.component === 'SQL*Net message from client [think time]');
    expect(think?.count).toBe(snmfc.filter((v) => v >= 1000).length);
    expect(think?.total).toBe(snmfc.filter((v) => v >= 1000).reduce((a, b) => a + b, 0));
    expect(json.responseTime.thinkTime).toBe(1000);
  });

  it('rejects a think time that is not a duration', async () => {
    const run = await runCli(['profile', '--think-time', 'soon', trace('oltp-11-2')]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("--think-time takes a duration such as 1s, 500ms or 250000us, not 'soon'");
  });
});

describe('waitscope statements', () => {
  it('--json lists every statement with sqlId, hashValue, dep, exec and fetch as the truth has them', async () => {
    const run = await runCli(['statements', '--json', trace('oltp-19c')]);
    expect(run.status).toBe(0);
    const json = parseJsonOutput<{ statements: { sqlId: string | null; hashValue: number | null; dep: number; exec: { count: number; e: number }; fetch: { count: number; e: number }; total: number }[] }>(run);
    const truth = truthOf('oltp-19c');
    const id = (s: { sqlId: string | null; hashValue: number | null }) => s.sqlId ?? String(s.hashValue);
    const got = Object.fromEntries(json.statements.map((s) => [id(s), { dep: s.dep, exec: [s.exec.count, s.exec.e], fetch: [s.fetch.count, s.fetch.e] }]));
    const want = Object.fromEntries(truth.statements.map((s) => [id(s), { dep: s.dep, exec: [s.exec.count, s.exec.e], fetch: [s.fetch.count, s.fetch.e] }]));
    // Statements with neither id (the cursor never parsed in the file) are keyed by cursor in both.
    expect(Object.keys(got).sort()).toEqual(Object.keys(want).sort());
    expect(got).toEqual(want);
    // Sorted by total elapsed, largest first.
    const totals = json.statements.map((s) => s.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });

  it('counts executions in words that agree with their number', async () => {
    const run = await runCli(['statements', trace('oltp-11-2')]);
    // The COMMIT statement (mq59dvz71rq82, fixture lines 180-186) runs once; the UPDATE twice.
    const commit = run.stdout.split('\n').find((l) => l.includes('sql_id mq59dvz71rq82'));
    expect(commit).toMatch(/, 1 execution$/);
    expect(run.stdout.split('\n').find((l) => l.includes('sql_id wvyc74pjv3pgc'))).toMatch(/, 2 executions$/);
  });

  it('sorts by tkprof keys and keeps the top N', async () => {
    const run = await runCli(['statements', '--json', '--sort', 'prsela', '--top', '2', trace('oltp-19c')]);
    const json = parseJsonOutput<{ statements: { parse: { e: number } }[] }>(run);
    const parseE = truthOf('oltp-19c').statements.map((s) => s.parse.e).sort((a, b) => b - a);
    expect(json.statements.map((s) => s.parse.e)).toEqual(parseE.slice(0, 2));
  });

  it('says where the LOB calls went (no cursor, no statement), with their sums counted from the lines', async () => {
    const lob = lines('oltp-19c').filter((l) => l.startsWith('LOB'));
    expect(lob.length).toBeGreaterThan(0);
    const sum = (key: string) => lob.reduce((n, l) => n + Number(new RegExp(`[,: ]${key}=(\\d+)`).exec(l)?.[1]), 0);
    const run = await runCli(['statements', trace('oltp-19c')]);
    expect(run.status, run.stderr).toBe(0);
    const f = (n: number) => n.toLocaleString('en-US');
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe(`LOB calls have no cursor and belong to no statement: ${f(lob.length)} calls (LOBREAD), e ${f(sum('e'))} µs, c ${f(sum('c'))} µs; \`waitscope profile\` counts them`);
  });

  it('says when no statement is at the depths asked for, and refuses depths that exclude every statement', async () => {
    const none = await runCli(['statements', '--min-dep', '9', trace('oltp-19c')]);
    expect(none.status, none.stderr).toBe(0);
    expect(none.stdout).toContain('no statement at the depths asked for (--min-dep, --max-dep)');
    const crossed = await runCli(['statements', '--min-dep', '2', '--max-dep', '1', trace('oltp-19c')]);
    expect(crossed.status).toBe(1);
    expect(crossed.stderr.split('\n')[0]).toBe('waitscope: --min-dep 2 is above --max-dep 1: no statement can be in both');
  });

  it('says that 8i times are whole centiseconds in profile, statements and compare --profile, and the think-time threshold the comparison used', async () => {
    const note = 'are whole centiseconds (Oracle before 9i): a resolution of 10,000 µs, so values below it read 0 and statistics move in steps of it.';
    const [profile, statements, compare, recent] = await Promise.all([
      runCli(['profile', trace('oltp-8i')]),
      runCli(['statements', trace('oltp-8i')]),
      runCli(['compare', '--profile', '--think-time', '500ms', trace('oltp-8i'), '--vs', trace('oltp-19c')]),
      runCli(['profile', trace('oltp-19c')]),
    ]);
    for (const run of [profile, statements, compare, recent]) expect(run.status, run.stderr).toBe(0);
    expect(profile.stdout).toContain(`The times ${note}`);
    expect(statements.stdout).toContain(`The times ${note}`);
    expect(compare.stdout).toContain(`think time: SQL*Net message from client ≥ 500,000 µs between calls\nSome of the times ${note} No Δ smaller than that is a measurement.`);
    expect(recent.stdout).not.toContain('centiseconds');
  });

  it('says which sort keys exist when given one it does not know', async () => {
    const run = await runCli(['statements', '--sort', 'prsfoo', trace('oltp-19c')]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('unknown sort key prsfoo');
  });
});

describe('waitscope compare --profile', () => {
  it('puts both profiles side by side with ΔR and marks rows present on one side only', async () => {
    const run = await runCli(['compare', '--profile', '--json', '--labels', 'a,b', trace('oltp-19c'), '--vs', trace('oltp-11-2')]);
    expect(run.status).toBe(0);
    const json = parseJsonOutput<{ profileComparison: { deltaR: number; components: { component: string; deltaTotal: number; onlyIn: string | null }[] } }>(run);
    const [a, b] = [truthOf('oltp-19c'), truthOf('oltp-11-2')];
    expect(json.profileComparison.deltaR).toBe(a.responseTime.total - b.responseTime.total);
    // 19c reads a LOB (LOBREAD, direct path read); 11.2 does not.
    const lob = json.profileComparison.components.find((c) => c.component === 'CPU: LOBREAD dbcalls');
    expect(lob?.onlyIn).toBe('a');
    const inA = new Map(a.responseTime.rows.map((r) => [r.component, r.total]));
    const inB = new Map(b.responseTime.rows.map((r) => [r.component, r.total]));
    for (const c of json.profileComparison.components) expect(c.deltaTotal, c.component).toBe((inA.get(c.component) ?? 0) - (inB.get(c.component) ?? 0));
  });

  it('compare --profile says what a statement\'s total and its per-execution deltas cover (a changed PARSE moves one, not the other)', async () => {
    const run = await runCli(['compare', '--profile', '--labels', 'a,b', trace('oltp-19c'), '--vs', trace('oltp-11-2')]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('statements whose time changed most (total: e of all their calls at their depth; per execution: an EXEC and its FETCHes,');
  });
});

describe('measures: a call type or the commit instead of a wait event (issue 14 §4)', () => {
  it('--call EXEC measures e of every EXEC line', async () => {
    const run = await runCli(['stats', '--json', '--call', 'EXEC', trace('oltp-11-2')]);
    expect(run.status).toBe(0);
    const json = parseJsonOutput<{ count: number; sum: number; event: string }>(run);
    const execs = lines('oltp-11-2')
      .map((l) => /^EXEC #\d+:c=\d+,e=(\d+)/.exec(l))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => Number(m[1]));
    expect(json.count).toBe(execs.length);
    expect(json.sum).toBe(execs.reduce((x, y) => x + y, 0));
    expect(json.event).toBe('EXEC elapsed');
  });

  it('--call EXEC --sql-id takes one statement’s EXECs (its cursor number reused by another statement is not it)', async () => {
    const truth = truthOf('oltp-11-2');
    const target = truth.statements.find((s) => s.sqlId !== null && s.exec.count > 0) as CallWorkloadTruth['statements'][number];
    const run = await runCli(['stats', '--json', '--call', 'EXEC', '--sql-id', target.sqlId as string, trace('oltp-11-2')]);
    const json = parseJsonOutput<{ count: number; sum: number }>(run);
    expect(json.count).toBe(target.exec.count);
    expect(json.sum).toBe(target.exec.e);
  });

  it('compare --call names its values calls, and the JSON report says what was measured', async () => {
    const run = await runCli(['compare', '--call', 'FETCH', trace('oltp-19c'), '--vs', trace('oltp-11-2')]);
    expect(run.status).toBe(0);
    const fetches = (name: string) => lines(name).filter((l) => /^FETCH #\d+:c=/.test(l)).length;
    expect(run.stdout.split('\n')[0]).toBe(`'FETCH elapsed' calls: A = oltp-19c.trc (1 file, 1 session, ${fetches('oltp-19c')} calls, Oracle 19.12.0.0.0)`);
    const json = parseJsonOutput<{ event: string; measure: unknown }>(await runCli(['compare', '--json', '--call', 'FETCH', trace('oltp-19c'), '--vs', trace('oltp-11-2')]));
    expect(json.measure).toEqual({ kind: 'call', call: 'FETCH', sqlId: null, hashValue: null, dep: null });
  });

  it('--commit measures one value per commit, at the XCTEND or the COMMIT statement', async () => {
    const run = await runCli(['stats', '--json', '--commit', trace('oltp-11-2')]);
    const json = parseJsonOutput<{ count: number; min: number }>(run);
    const commits = lines('oltp-11-2').filter((l) => /^XCTEND rlbk=0/.test(l)).length;
    expect(json.count).toBe(commits);
    expect(json.min).toBeGreaterThan(0);
  });

  it('--commit measures XCTENDs without tim (before 11g): from the record before to the end of the sync', async () => {
    const run = await runCli(['outliers', '--commit', '--json', trace('oltp-10-2')]);
    expect(run.status).toBe(0);
    const json = parseJsonOutput<{ top: { rows: { ela: number; line: number }[] } }>(run);
    // Lines 109-111: the request ends at tim …249901, XCTEND (no tim), log file sync ends at …251073;
    // lines 176-178: XCTEND inside the COMMIT statement's EXEC, e=669.
    expect(json.top.rows.map((t) => [t.ela, t.line])).toEqual([
      [1_251_073 - 1_249_901, 110],
      [669, 178],
    ]);
  });

  it('--commit leaves out the commits of a trace without WAIT lines (level 1), saying why, not that it has none', async () => {
    const { dir, remove } = makeTempDir('ws-commit-nowaits-');
    try {
      const withoutWaits = path.join(dir, 'level1.trc');
      writeFileSync(withoutWaits, lines('oltp-11-2').filter((l) => !l.startsWith('WAIT #')).join('\n'));
      const run = await runCli(['stats', '--json', '--commit', withoutWaits]);
      expect(run.status).toBe(0);
      // The golden has two commits (fixture lines 116 and 184-186): an XCTEND after an EXEC, left out,
      // and a COMMIT statement, whose EXEC (e=738) holds its XCTEND and is measured by its own e.
      const json = parseJsonOutput<{ count: number; min: number }>(run);
      expect([json.count, json.min]).toEqual([1, 738]);
      // Line 116 of the fixture is line 92 of the file without its 24 WAIT lines before it.
      expect(lines('oltp-11-2').slice(0, 116).filter((l) => l.startsWith('WAIT #')).length).toBe(24);
      expect(run.stderr).toContain(`warning: ${withoutWaits}: a commit of a process with no WAIT lines (traced without waits: 10046 level 1 or 4) is not measured`);
      expect(run.stderr).toContain('(line 92)');
      // With no commit measured at all (the commit loop's XCTENDs, no COMMIT statement), the file's
      // line says why, and not that it has no commits that write.
      const loop = path.join(dir, 'loop-level1.trc');
      writeFileSync(loop, readFileSync(path.join(FIXTURES_DIR, 'v11g-commit-loop.trc'), 'latin1').split('\n').filter((l) => !l.startsWith('WAIT #')).join('\n'), 'latin1');
      const none = await runCli(['stats', '--json', '--commit', loop]);
      expect(parseJsonOutput<{ count: number }>(none).count).toBe(0);
      expect(none.stderr).toContain(`warning: ${loop} has no commit that can be measured: its commits are in a process with no WAIT lines (traced without waits, 10046 level 1 or 4)`);
      expect(none.stderr).not.toContain('no commits that write');
      expect(run.stderr).not.toContain('has no commits that write');
    } finally {
      remove();
    }
  });

  it('says that 8i times are whole centiseconds, and compare makes no claim below that resolution', async () => {
    const stats = await runCli(['stats', '--call', 'EXEC', trace('oltp-8i')]);
    expect(stats.stdout.split('\n')[1]).toBe('The times are whole centiseconds (Oracle before 9i): a resolution of 10,000 µs, so values below it read 0 and statistics move in steps of it.');
    expect(parseJsonOutput<{ resolutionMicros: number }>(await runCli(['stats', '--json', '--call', 'EXEC', trace('oltp-8i')])).resolutionMicros).toBe(10_000);
    expect(parseJsonOutput<{ resolutionMicros: number }>(await runCli(['stats', '--json', '--call', 'EXEC', trace('oltp-9i')])).resolutionMicros).toBe(1);
    const both = await runCli(['compare', '--json', '--call', 'EXEC', '--dep', '0', trace('oltp-8i'), '--vs', trace('oltp-9i')]);
    const json = parseJsonOutput<{ comparisons: { verdicts: { statistic: string; direction: string }[]; warnings: { code: string }[] }[] }>(both);
    const pair = json.comparisons[0]!;
    expect(pair.warnings.map((w) => w.code)).toContain('coarse-resolution');
    // The medians (8i's reads whole centiseconds, 9i's a few hundred µs) differ by less than 10,000 µs: no claim.
    expect(pair.verdicts.find((v) => v.statistic === 'median')?.direction).toBe('within-resolution');
  });

  it('outliers --commit lists commits, each at its XCTEND or COMMIT EXEC line', async () => {
    const run = await runCli(['outliers', '--commit', '--top', '2', trace('oltp-11-2')]);
    expect(run.status).toBe(0);
    const out = run.stdout.split('\n');
    const commits = lines('oltp-11-2').filter((l) => /^XCTEND rlbk=0/.test(l)).length;
    expect(out[0]).toBe('outliers of commits in 1 file (values in µs; wall-clock times extrapolated from the *** stamps)');
    expect(out[2]).toBe(`top 2 of ${commits} commits`);
    // Each listed commit's line is an XCTEND or the EXEC of a COMMIT statement.
    const listed = out.slice(4, 6).map((l) => Number(l.trim().split(/\s{2,}/)[5]));
    for (const n of listed) expect(lines('oltp-11-2')[n - 1]).toMatch(/^(XCTEND rlbk=0|EXEC #)/);
  });

  it('names the measure a file lacks, and refuses contradictory or unknown choices', async () => {
    const none = await runCli(['stats', '--call', 'EXEC', '--sql-id', 'zzzzzzzzzzzzz', trace('oltp-11-2')]);
    expect(none.stderr).toContain('has no EXEC calls of sql_id zzzzzzzzzzzzz');
    const both = await runCli(['stats', '--commit', '--event', 'log file sync', trace('oltp-11-2')]);
    expect(both.status).toBe(1);
    expect(both.stderr).toContain('--event and --commit each choose what to measure; give one');
    const bad = await runCli(['stats', '--call', 'EXECUTE', trace('oltp-11-2')]);
    expect(bad.stderr).toContain("--call takes a call name");
    const loose = await runCli(['stats', '--sql-id', 'abc', trace('oltp-11-2')]);
    expect(loose.stderr).toContain('--sql-id, --hash-value and --dep narrow a --call measure');
    // The file taken for the call's name, a sql_id in capitals, and a --sql-id on a trace written before 11g.
    const fileForName = await runCli(['stats', '--call', trace('oltp-11-2')]);
    expect(fileForName.stderr).toContain(`'${trace('oltp-11-2')}' looks like a file: give the call's name before it, e.g. --call EXEC ${trace('oltp-11-2')}`);
    const sqlId = /sqlid='([0-9a-z]{13})'/.exec(lines('oltp-11-2').join('\n'))![1]!;
    const lower = parseJsonOutput<{ count: number }>(await runCli(['stats', '--json', '--call', 'EXEC', '--sql-id', sqlId, trace('oltp-11-2')]));
    const upper = parseJsonOutput<{ count: number; event: string }>(await runCli(['stats', '--json', '--call', 'EXEC', '--sql-id', sqlId.toUpperCase(), trace('oltp-11-2')]));
    expect(upper.count).toBe(lower.count);
    expect(upper.event).toBe(`EXEC elapsed of sql_id ${sqlId}`);
    const old = await runCli(['stats', '--call', 'EXEC', '--sql-id', sqlId, trace('oltp-9i')]);
    expect(old.stderr).toContain('its PARSING IN CURSOR lines carry no sqlid= (Oracle writes it from 11g on), so no call matches --sql-id; --hash-value takes their hv=');
  });
});
