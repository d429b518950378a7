// The line kernel parses the common call shapes itself when a visited scan reads calls
// (KernelEmit.Records): its fields must be exactly those of call-line.ts (the reference), and
// every line it does not take must still reach the scanner, so a visited scan gives the same
// calls with and without the kernel.
import { describe, expect, it } from 'vitest';
import { emptyCall, parseCallLine } from '../../lib/trace/call-line';
import { CALL_NAMES, CallFields, CallRecord, KernelEmit, KernelKind, KernelRecord, LineKernel } from '../../lib/trace/kernel/line-kernel';
import { VisitingScanner } from '../../lib/trace/trace-visitor';
import type { VisitedCall } from '../../lib/trace/trace-visitor';

const encode = (text: string) => new TextEncoder().encode(text);

/** Lines the kernel must parse itself. */
const COMMON = [
  'EXEC #140006573755240:c=168,e=172,p=0,cr=1,cu=2,mis=0,r=1,dep=0,og=1,plh=2725028981,tim=1344507302124069',
  'FETCH #5:c=10000,e=2500,p=0,cr=3,cu=0,mis=0,r=1,dep=0,og=4,tim=1046586594548851',
  'PARSE #140146796809528:c=33,e=33,p=0,cr=0,cu=0,mis=1,r=0,dep=2,og=1,plh=0,tim=98778560909',
  'UNMAP #7:c=0,e=1,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=4,tim=5',
  'CLOSE #140146796809528:c=3,e=4,dep=0,type=1,tim=5793511831400',
  'CLOSE #7:dep=1,type=3,tim=900',
  'EXEC #140146796809528 c=1190,e=1190,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=1,plh=0,tim=98778560909',
  'XCTEND rlbk=0, rd_only=0, tim=5793511831999',
  'XCTEND rlbk=1, rd_only=1',
  'CLOSE #9:c=,e=,dep=0,type=0,tim=5',
  'EXEC #9:c=1,e=2,dep=0,zz=4,tim=5',
  // Values of every length from 1 to 16 digits, and the largest below 2^53.
  ...Array.from({ length: 16 }, (_, i) => `FETCH #12:c=${'3'.repeat(i + 1)},e=${'1'.repeat(16 - i)},dep=0,tim=${'7'.repeat(i + 1)}`),
  // Values of 1 to 16 digits in each field of the usual order, which the fast path reads (up to 7
  // digits itself, longer ones in two halves), a leading zero among them.
  ...Array.from({ length: 16 }, (_, i) => {
    const d = (n: number) => String((i % 9) + 1).repeat(n);
    const j = 15 - i;
    return `EXEC #5:c=${d(i + 1)},e=${d(j + 1)},p=${d(i + 1)},cr=${d(j + 1)},cu=0${d(i % 15)},mis=${d(j + 1)},r=${d(i + 1)},dep=${d(j + 1)},og=${d(i + 1)},plh=${d(j + 1)},tim=${d(i + 1)}`;
  }),
  'EXEC #5:c=,e=,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=1,plh=0,tim=5',
  'EXEC #1:c=1,e=1,dep=0,tim=9007199254740991',
  'EXEC #123456789012345:c=1,e=2,dep=0,tim=3',
  'EXEC #042:c=1,e=2,dep=0,tim=3',
  // Off the usual field order, so past the kernel's fast path for it, to its general loop.
  'EXEC #5:e=2,c=1,p=0,cr=3,cu=0,mis=0,r=1,dep=0,og=1,plh=0,tim=9',
  'EXEC #5:c=1,e=2,p=0,cr=3,cu=0,mis=0,r=1,dep=0,og=1,plh=0,tim=9,extra=4',
  'FETCH #5:c=1,e=2,p=0,cr=3,cu=0,mis=0,r=1,dep=0,plh=0,tim=9',
  'FETCH #5:c=1,c=7,e=2,p=0,cr=3,cu=0,mis=0,r=1,dep=0,og=1,plh=0,tim=9',
  'PARSE #5:c=1,e=2,p=0,cr=3,cu=0,mis=0,r=1,dep=0,og=1,tim=9,plh=4',
  'XCTEND rlbk=0,rd_only=0,tim=5',
  'XCTEND rd_only=1, rlbk=0, tim=5',
  'XCTEND rlbk=0, rd_only=0, tim=5, x=1',
];

/** Lines the kernel leaves to the scanner: their shape is rarer, or wrong. */
const LEFT = [
  'SORT UNMAP #3:c=0,e=1,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=4,tim=5',
  'EXEC #1:c=1,e=1,dep=0,tim=9007199254740992',
  'EXEC #1:c=1,e=1,dep=0,tim=12345678901234567',
  'EXEC #1234567890123456:c=1,e=2,dep=0,tim=3',
  'EXEC #18446744073709551615:c=1,e=2,dep=0,tim=3',
  'EXEC #1:c=-1,e=2,dep=0,tim=3',
  'EXEC #1:c=abc,e=2,dep=0,tim=3',
  'EXEC #1:averyveryverylongkey=1,e=2,dep=0,tim=3',
  'EXEC #1;c=1,e=2,dep=0,tim=3',
  'EXEC #:c=1,e=2,dep=0,tim=3',
  'EXEC #1:c=1,x,e=2,dep=0,tim=3',
  'EXEC #1:c=1,e=2,tim=3 ',
  'STAT #1 id=1 cnt=1 pid=0 pos=1 obj=0 op=\'x\'',
  'ERROR #1:err=942 tim=5',
];

function kernelRecords(lines: string[]): { kind: number; call: VisitedCall | null }[] {
  const kernel = LineKernel.create();
  if (!kernel) throw new Error('no WebAssembly SIMD here');
  try {
    const bytes = encode(lines.join('\n') + '\n');
    const area = kernel.load(bytes, 0, bytes.length);
    const scan = kernel.scan(area, 0, area.length, false, false, 1, 0, KernelEmit.Records);
    expect(scan.records).toBe(lines.length);
    return Array.from({ length: scan.records }, (_, r) => {
      const o = r * KernelRecord.int32s;
      const kind = (kernel.int32[o] as number) & 0xff;
      if (kind !== KernelKind.Call) return { kind, call: null };
      const f = (name: keyof typeof CallFields) => kernel.calls[r * CallFields.per + CallFields[name]] as number;
      const start = kernel.int32[o + CallRecord.cursorStart] as number;
      const length = kernel.int32[o + CallRecord.cursorLength] as number;
      const cursor = new TextDecoder().decode(area.subarray(start, start + length));
      expect(length === 0 ? NaN : Number(cursor)).toBe(f('cursor'));
      return {
        kind,
        call: {
          call: CALL_NAMES[kernel.int32[o + CallRecord.code] as number] as string,
          cursor,
          c: f('c'), e: f('e'), p: f('p'), cr: f('cr'), cu: f('cu'), mis: f('mis'), r: f('r'), dep: f('dep'), og: f('og'), plh: f('plh'),
          tim: f('tim'), type: f('type'), rlbk: f('rlbk'), rdOnly: f('rdOnly'), bytes: f('bytes'),
        },
      };
    });
  } finally {
    kernel.release();
  }
}

function reference(line: string): VisitedCall {
  const call = emptyCall();
  expect(parseCallLine(encode(line), 0, line.length, 1, call)).toBe(true);
  return { ...call };
}

function visit(lines: string[], noKernel: boolean): VisitedCall[] {
  const seen: VisitedCall[] = [];
  const scanner = new VisitingScanner({ event: '', fileName: 'k.trc', fileIndex: 0, keep: 'counts', noKernel }, { onWait: () => undefined, onCall: (c) => seen.push({ ...c }) });
  scanner.push(encode(['Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production', ...lines].join('\n') + '\n'));
  scanner.finish();
  return seen;
}

describe('the line kernel reading calls', () => {
  it('parses the common call shapes itself, to exactly the fields of call-line.ts', () => {
    const records = kernelRecords(COMMON);
    records.forEach(({ kind, call }, i) => {
      expect(kind, COMMON[i]).toBe(KernelKind.Call);
      expect(call, COMMON[i]).toEqual(reference(COMMON[i] as string));
    });
  });

  it('leaves other record lines to the scanner', () => {
    for (const { kind } of kernelRecords(LEFT)) expect(kind).not.toBe(KernelKind.Call);
  });

  it('hands record lines back only when asked (otherwise it counts them)', () => {
    const kernel = LineKernel.create() as LineKernel;
    const bytes = encode(COMMON.join('\n') + '\n');
    const area = kernel.load(bytes, 0, bytes.length);
    const scan = kernel.scan(area, 0, area.length, false, false, 1, 0);
    kernel.release();
    expect([scan.records, scan.skippedRecords]).toEqual([0, COMMON.length]);
  });

  it('gives a visited scan the calls the JavaScript path gives', () => {
    const lines = [...COMMON, ...LEFT];
    const withKernel = visit(lines, false);
    expect(withKernel).toEqual(visit(lines, true));
    // Every line of COMMON, and of LEFT those that end in a value and parse (SORT UNMAP, the
    // 2^53 tim, the 17-digit tim, the two long cursors, the negative c, the long key).
    expect(withKernel.map((c) => c.call)).toEqual([...COMMON.map((l) => l.split(' ')[0]), 'SORT UNMAP', 'EXEC', 'EXEC', 'EXEC', 'EXEC', 'EXEC', 'EXEC']);
    expect(withKernel.find((c) => c.c === -1)?.e).toBe(2);
  });
});
