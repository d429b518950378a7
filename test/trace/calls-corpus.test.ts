// Calls and cursors of the real traces (shared/corpus/real, SOURCES.md) against a count made here
// with regular expressions over the file's lines (trace-format.md §5, §9): it shares no code with
// lib/. Per file, the visited calls per call name and Σe per (call, dep), and the statements per
// sql_id, must equal it, with and without the line kernel.
//
// The corpus is never committed; without it these tests are skipped with a message.
import { describe, expect, it } from 'vitest';
import { scanTrace } from '../../lib/trace/scan-trace';
import { chunksOf } from '../helpers/chunks';
import { corpusAvailable, corpusBytes, corpusFiles, reportCorpusMissing } from '../helpers/corpus';

reportCorpusMissing('test/trace/calls-corpus.test.ts');

interface CallCounts {
  /** Per call name: lines. */
  count: Record<string, number>;
  /** Per `call dep`: Σe in µs (dep '-' where the line has none). */
  e: Record<string, number>;
  /** Per PARSING IN CURSOR: `cursor sqlid` in file order. */
  cursors: string[];
}

const CALL = /^(PARSE|EXEC|FETCH|UNMAP|SORT UNMAP|CLOSE) #(\d+)[: ](.*)$|^(XCTEND) (.*)$|^(LOB[A-Z]+): (.*)$/;
const FIELD_E = /(?:^|[, ])e=(\d+)/;
const FIELD_DEP = /(?:^|[, ])dep=(\d+)/;
const CURSOR = /^PARSING IN CURSOR #(\d+) .*?(?:sqlid='([^']*)')?$/;
const CENTISECONDS = /^(?:Oracle8i|Oracle8 |Oracle7|ORACLE V[78]\.)|Release [78]\./;

/**
 * Call lines outside SQL text (PARSING IN CURSOR … END OF STMT), each up to a `WAIT #` glued to
 * it, that end in a digit (a line cut short does not: trace-format.md §8.3).
 */
function referenceCalls(bytes: Uint8Array): CallCounts {
  const lines = Buffer.from(bytes).toString('latin1').split('\n');
  const scale = lines.slice(0, 20).some((l) => CENTISECONDS.test(l)) ? 10_000 : 1;
  const out: CallCounts = { count: {}, e: {}, cursors: [] };
  let inSql = false;
  for (const raw of lines) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (inSql) {
      if (line.startsWith('END OF STMT')) inSql = false;
      continue;
    }
    const glued = line.indexOf('WAIT #');
    const head = glued >= 0 ? line.slice(0, glued) : line;
    if (head.startsWith('PARSING IN CURSOR')) {
      inSql = true;
      const c = CURSOR.exec(head);
      if (c) out.cursors.push(`${c[1]} ${c[2] ?? null}`);
      continue;
    }
    const m = CALL.exec(head);
    if (!m || !/\d$/.test(head)) continue;
    const name = (m[1] ?? m[4] ?? m[6]) as string;
    const fields = (m[3] ?? m[5] ?? m[7]) as string;
    out.count[name] = (out.count[name] ?? 0) + 1;
    const e = FIELD_E.exec(fields);
    const dep = FIELD_DEP.exec(fields);
    if (e) {
      const key = `${name} ${dep ? dep[1] : '-'}`;
      out.e[key] = (out.e[key] ?? 0) + Number(e[1]) * scale;
    }
  }
  return out;
}

async function visitedCalls(bytes: Uint8Array, noKernel: boolean): Promise<CallCounts> {
  const out: CallCounts = { count: {}, e: {}, cursors: [] };
  await scanTrace(chunksOf(bytes, 1 << 16), {
    event: '',
    fileName: 'f.trc',
    fileIndex: 0,
    keep: 'counts',
    noKernel,
    visitor: {
      onWait: () => undefined,
      onCall: (c) => {
        out.count[c.call] = (out.count[c.call] ?? 0) + 1;
        if (c.e === c.e) {
          const key = `${c.call} ${c.dep === c.dep ? c.dep : '-'}`;
          out.e[key] = (out.e[key] ?? 0) + c.e;
        }
      },
      onCursor: (c) => out.cursors.push(`${c.cursor} ${c.sqlId}`),
    },
  });
  return out;
}

describe.skipIf(!corpusAvailable)('calls and cursors of the real corpus (shared/corpus/real)', () => {
  const files = corpusFiles();

  it('has files with calls to check', () => {
    const withCalls = files.filter((f) => Object.keys(referenceCalls(corpusBytes(f)).count).length > 0);
    expect(withCalls.length).toBeGreaterThanOrEqual(15);
  });

  it.each(files.map((f) => [f.name, f] as const))('%s: calls per name, Σe per call and dep, and cursors', async (_name, file) => {
    const bytes = corpusBytes(file);
    const reference = referenceCalls(bytes);
    const visited = await visitedCalls(bytes, false);
    expect(visited).toEqual(reference);
    expect(await visitedCalls(bytes, true)).toEqual(reference);
  });
});
