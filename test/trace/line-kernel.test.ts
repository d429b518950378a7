// The line kernel (lib/trace/kernel) is an accelerator: every result must be identical with and
// without it. The reference is the scanner's JavaScript path (`noKernel: true`); both are fed the
// same bytes in the same chunks. The kernel's embedded bytes must also match its .wat source.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assembleKernel, kernelModuleText } from '../../scripts/build-kernel.mjs';
import { generateCommitLoop } from '../../lib/synth/commit-loop';
import { KernelKeep, LineKernel } from '../../lib/trace/kernel/line-kernel';
import { TraceScanner, type ScanResult } from '../../lib/trace/scanner';
import { toCrlf } from '../helpers/chunks';
import { corpusAvailable, CORPUS_DIR, reportCorpusMissing, TRCTOOLS_DIR } from '../helpers/corpus';

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.join(here, '../fixtures');

function scan(bytes: Uint8Array, event: string, chunk: number, noKernel: boolean, keep: 'samples' | 'counts' = 'samples'): ScanResult {
  const scanner = new TraceScanner({ event, fileName: 'f', fileIndex: 0, noKernel, keep });
  for (let at = 0; at < bytes.length; at += chunk) scanner.push(bytes.subarray(at, Math.min(bytes.length, at + chunk)));
  return scanner.finish();
}

function expectSame(bytes: Uint8Array, event: string, chunk: number, keep: 'samples' | 'counts' = 'samples'): ScanResult {
  const withKernel = scan(bytes, event, chunk, false, keep);
  const reference = scan(bytes, event, chunk, true, keep);
  expect(withKernel).toEqual(reference);
  return reference;
}

const EVENTS = ['log file sync', 'SQL*Net message from client', 'db file sequential read'];

describe('the line kernel', () => {
  it('is available on this machine (WebAssembly SIMD)', () => {
    expect(LineKernel.create()).not.toBeNull();
  });

  it('is embedded exactly as scripts/build-kernel.mjs assembles line-kernel.wat', async () => {
    const embedded = readFileSync(path.join(here, '../../lib/trace/kernel/line-kernel-bytes.ts'), 'utf8');
    expect(embedded).toBe(kernelModuleText(await assembleKernel()));
  });

  describe.each(readdirSync(FIXTURES).filter((f) => f.endsWith('.trc')))('fixture %s', (name) => {
    const bytes = new Uint8Array(readFileSync(path.join(FIXTURES, name)));
    it.each(EVENTS)('gives the JavaScript path\'s result for %s, whole, in 7- and 64-byte chunks, and with CRLF', (event) => {
      expectSame(bytes, event, bytes.length || 1);
      expectSame(bytes, event, 7);
      expectSame(bytes, event, 64);
      expectSame(toCrlf(bytes), event, 4096);
    });
  });

  describe.each(readdirSync(FIXTURES).filter((f) => f.endsWith('.trc')))('fixture %s, keeping only counts', (name) => {
    const bytes = new Uint8Array(readFileSync(path.join(FIXTURES, name)));
    it.each(EVENTS)('gives the JavaScript path\'s result for %s (the kernel counts the kept event in its tally)', (event) => {
      expectSame(bytes, event, bytes.length || 1, 'counts');
      expectSame(bytes, event, 64, 'counts');
    });
  });

  it('keeping only counts, tallies waits below ~1 s itself and hands longer ones over, in every session they were in', () => {
    // Sessions are listed as they are used (by a kept wait, a time anchor, …): the list must be the
    // one a parse keeping samples gives. ela 1,048,576 and more is past the kernel's tally.
    const head = ['Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production', '*** 2024-01-01T00:00:00.000000+00:00'];
    const wait = (name: string, ela: number, tim: number) => `WAIT #0: nam='${name}' ela= ${ela} p1=0 obj#=-1 tim=${tim}`;
    const body: string[] = [];
    let tim = 1000;
    // trcsess process markers carry no time stamp, so only the waits that follow use a session.
    // Process 300's first WAIT after its marker is another event's, so every one of its 'log file
    // sync' waits is counted by the kernel alone; process 400, last, has none (the session current
    // at the end is always listed).
    for (const [pid, kept] of [[100, true], [200, false], [300, true], [400, false]] as const) {
      body.push(`*** [ Unix process pid: ${pid} ]`);
      for (let i = 0; i < 3000; i++) {
        body.push(wait('SQL*Net message from client', 5, tim++));
        if (kept) body.push(wait('log file sync', pid === 100 && i % 3 === 0 ? 2_000_000 + i : 100 + (i % 50), tim++));
      }
    }
    const bytes = new TextEncoder().encode([...head, ...body].join('\n') + '\n');
    // In one push: a line carried over a chunk boundary goes through the JavaScript path, which
    // would mark its session used whatever the kernel did.
    expect(bytes.length).toBeLessThan(4 << 20);
    const result = expectSame(bytes, 'log file sync', bytes.length, 'counts');
    expect(result.sessions).toEqual(scan(bytes, 'log file sync', bytes.length, false, 'samples').sessions);
    expect(result.sessions.map((m) => m.pid)).toEqual([null, '100', '300', '400']); // null: the head's time stamp, before any marker
    const counts = result.elaCounts;
    expect(counts?.counts.reduce((a, b) => a + b, 0)).toBe(6000);
    // 2,000,000 + i for i = 0, 3, …, 2,997 in process 100: 1,000 values past the tally, once each.
    const long = [...(counts?.values ?? [])].map((v, k) => [v, counts?.counts[k]]).filter(([v]) => (v as number) >= 2_000_000);
    expect(long.length).toBe(1000);
    expect(long.every(([, c]) => c === 1)).toBe(true);
    expect(counts?.values.filter((v) => v < 1000).length).toBe(50);
  });

  it('drains its tally in ascending order of value, in batches, and is empty afterwards', () => {
    const kernel = LineKernel.create() as LineKernel;
    // ela values chosen so that zero cells, runs of four zero cells (skipped four at a time) and
    // neighbours all occur: 0 once, 1 twice, 2 once, 7 three times, 1,048,575 (the tally's last
    // cell) once; 1,048,576 is past it and goes to the sample columns instead.
    const elas = [7, 1, 0, 7, 2, 1_048_575, 1, 7, 1_048_576];
    const text = elas.map((ela, i) => `WAIT #0: nam='log file sync' ela= ${ela} p3=0 obj#=-1 tim=${100 + i}\n`).join('');
    const input = kernel.load(new TextEncoder().encode(text), 0, text.length);
    expect(kernel.register(input, text.indexOf('log file sync'), 'log file sync'.length, 0, KernelKeep.Counts)).toBe(true);
    const scanned = kernel.scan(input, 0, input.length, false, false, 0, 0);
    expect(scanned.lines).toBe(9);
    expect(scanned.samples).toBe(1); // the 1,048,576 µs wait
    expect(kernel.tallied).toBe(8);
    const batches: [number[], number[], number][] = [];
    kernel.drainTally((values, counts, n, waits) => batches.push([[...values.subarray(0, n)], [...counts.subarray(0, n)], waits]), 2);
    expect(batches).toEqual([
      [[0, 1], [1, 2], 3],
      [[2, 7], [1, 3], 4],
      [[1_048_575], [1], 1],
    ]);
    expect(kernel.tallied).toBe(0);
    let again = 0;
    kernel.drainTally((_v, _c, n) => (again += n));
    expect(again).toBe(0);
    kernel.release();
  });

  it('gives the JavaScript path\'s result on a generated commit loop, in 1 MiB and 5 MiB chunks', () => {
    const text = [...generateCommitLoop({ preset: 'flash-off', seed: 7, commits: 40_000 })].join('');
    const bytes = new TextEncoder().encode(text);
    const reference = expectSame(bytes, 'log file sync', 1 << 20);
    expectSame(bytes, 'log file sync', 5 << 20); // larger than one kernel input area
    expectSame(bytes, 'log file sync', 1 << 20, 'counts');
    // Independent check: every `log file sync` WAIT line was counted.
    expect(reference.samples.count).toBe(text.split("nam='log file sync'").length - 1);
    expect(reference.samples.count).toBe(40_000);
  });

  it('hands over more samples than its sample columns hold in one call (60,000 selected WAITs in one 4 MiB chunk)', () => {
    // Every line a selected WAIT. A first small chunk lets the scanner register the event with the
    // kernel; in the second, every WAIT goes to the kernel's sample columns (MAX_RECORDS, 4,096), which fill many times.
    const wait = (i: number) => `WAIT #0: nam='log file sync' ela= ${(i % 997) + 1} p3=0 obj#=-1 tim=${1_000_000 + i}`;
    const head = ['Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production', '*** 2024-01-01T00:00:00.000000+00:00'];
    for (let i = 0; i < 10; i++) head.push(wait(i));
    const body: string[] = [];
    for (let i = 10; i < 60_000; i++) body.push(wait(i));
    const first = new TextEncoder().encode(head.join('\n') + '\n');
    const second = new TextEncoder().encode(body.join('\n') + '\n');
    expect(second.length).toBeLessThan(4 << 20); // one kernel input area
    const run = (noKernel: boolean) => {
      const scanner = new TraceScanner({ event: 'log file sync', fileName: 'f', fileIndex: 0, noKernel });
      scanner.push(first);
      scanner.push(second);
      return scanner.finish();
    };
    const result = run(false);
    expect(result).toEqual(run(true));
    expect(result.samples.count).toBe(60_000);
    expect(result.warnings).toEqual([]);
    // WAIT i is on line i + 3 (lines 1-2 are the banner and the stamp), with ela (i % 997) + 1.
    expect(result.samples.line[54_321]).toBe(54_321 + 3);
    expect(result.samples.ela[54_321]).toBe((54_321 % 997) + 1);
    expect(result.samples.tim[59_999]).toBe(1_000_000 + 59_999);
  });

  it('leaves a sampled WAIT whose tim is 2^53 or more to the scanner, without booking it too', () => {
    // The event is registered from the first chunk; in the second, its WAIT with a 17-digit tim
    // must be counted once (the kernel used to book it and then hand the line over as well).
    const wait = (ela: number, tim: string) => `WAIT #0: nam='log file sync' ela= ${ela} p3=0 obj#=-1 tim=${tim}`;
    const first = ['Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production', wait(5, '1000'), wait(6, '1001')];
    const second = [wait(7, '99999999999999999'), wait(8, '9007199254740993'), wait(9, '5000')];
    const run = (noKernel: boolean) => {
      const scanner = new TraceScanner({ event: 'log file sync', fileName: 'f', fileIndex: 0, noKernel });
      scanner.push(new TextEncoder().encode(first.join('\n') + '\n'));
      scanner.push(new TextEncoder().encode(second.join('\n') + '\n'));
      return scanner.finish();
    };
    const result = run(false);
    expect(result).toEqual(run(true));
    expect(result.profile).toEqual([{ event: 'log file sync', count: 5, total: 35, min: 5, max: 9 }]);
  });

  it('books names of 1 to 64 bytes, and leaves longer ones and names with quotes to the scanner', () => {
    const lines = ['Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production'];
    const names = [1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 80].map((n) => 'x'.repeat(n - 1) + 'y');
    names.push("it's a name", "ends in a quote'", 'SQL*Net message from client', 'SQL*Net message from dblink');
    for (let k = 0; k < 3; k++) {
      names.forEach((name, i) => lines.push(`WAIT #${k}: nam='${name}' ela= ${i + k} p1=0 obj#=-1 tim=${1000 + k * 100 + i}`));
    }
    const bytes = new TextEncoder().encode(lines.join('\n') + '\n');
    const result = expectSame(bytes, 'x'.repeat(63) + 'y', bytes.length);
    expectSame(bytes, 'SQL*Net message from dblink', 7);
    expect(result.profile).toHaveLength(names.length);
    expect(result.samples.count).toBe(3);
    for (const row of result.profile) expect(row.count).toBe(3);
  });

  it('gives each live scanner its own kernel, and a finished scanner\'s kernel to the next one, with nothing left over', () => {
    // Two traces whose events get different ids, scanned interleaved, then each again: kernels are
    // reused after finish(), so a stale event table or guess would show up as a wrong profile.
    const trace = (names: string[]) => {
      const lines = ['Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production'];
      for (let i = 0; i < 2000; i++) lines.push(`WAIT #0: nam='${names[i % names.length]}' ela= ${(i % 13) + 1} p1=0 obj#=-1 tim=${1000 + i}`);
      return new TextEncoder().encode(lines.join('\n') + '\n');
    };
    const a = trace(['log file sync', 'SQL*Net message to client', 'SQL*Net message from client']);
    const b = trace(['db file sequential read', 'log file sync', 'direct path read']);
    const reference = [scan(a, 'log file sync', 4096, true), scan(b, 'log file sync', 4096, true)];
    for (let round = 0; round < 3; round++) {
      const scanners = [a, b].map(() => new TraceScanner({ event: 'log file sync', fileName: 'f', fileIndex: 0 }));
      for (let at = 0; at < Math.max(a.length, b.length); at += 4096) {
        [a, b].forEach((bytes, i) => {
          if (at < bytes.length) scanners[i]?.push(bytes.subarray(at, Math.min(bytes.length, at + 4096)));
        });
      }
      expect(scanners.map((s) => s.finish())).toEqual(reference);
    }
  });

  it('keeps 300 distinct names of equal length apart (the kernel finds names by hash and compares their bytes)', () => {
    // Name i is written (i % 3) + 1 times with ela i, i+1, …: e.g. 'event 0299' 3 times (299 % 3 = 2) with 299, 300, 301.
    const lines = ['Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production'];
    for (let i = 0; i < 300; i++) {
      const name = `event ${String(i).padStart(4, '0')}`;
      for (let k = 0; k <= i % 3; k++) lines.push(`WAIT #0: nam='${name}' ela= ${i + k} p1=0 p2=0 p3=0 obj#=-1 tim=${1000 + i * 10 + k}`);
    }
    const bytes = new TextEncoder().encode(lines.join('\n') + '\n');
    const result = expectSame(bytes, 'event 0042', bytes.length);
    expect(result.profile).toHaveLength(300);
    expect(result.profile.find((r) => r.event === 'event 0042')).toEqual({ event: 'event 0042', count: 1, total: 42, min: 42, max: 42 });
    expect(result.profile.find((r) => r.event === 'event 0299')).toEqual({ event: 'event 0299', count: 3, total: 299 + 300 + 301, min: 299, max: 301 });
  });
});

reportCorpusMissing('line-kernel.test.ts');
describe.skipIf(!corpusAvailable)('the line kernel on the real corpus', () => {
  const files = corpusAvailable
    ? [
        ...readdirSync(CORPUS_DIR).filter((f) => f.endsWith('.trc')).map((f) => path.join(CORPUS_DIR, f)),
        ...readdirSync(TRCTOOLS_DIR).filter((f) => f.endsWith('.trc')).map((f) => path.join(TRCTOOLS_DIR, f)),
      ]
    : [];
  it.each(files.map((f) => [path.basename(f), f]))('%s gives the JavaScript path\'s result', (_name, file) => {
    const bytes = new Uint8Array(readFileSync(file));
    for (const event of EVENTS) expectSame(bytes, event, 1 << 20);
    expectSame(bytes, 'log file sync', 4093);
  });
});
