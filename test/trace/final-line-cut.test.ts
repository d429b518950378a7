// The file's last line has no line end: a trace still being written, or a copy cut short. A WAIT or
// call line cut there may still end in a digit, and then parse; it must not count when it is cut
// (no tim where the lines before had one, or a tim cut inside its digits), and must count when
// it is whole. Expected values are worked out by hand from the lines below.
import { describe, expect, it } from 'vitest';
import { profileTrace } from '../../lib/profile/profile-trace';
import { parseTrace } from '../../lib/trace/parse-trace';
import { chunksOf } from '../helpers/chunks';

const BANNER = 'Oracle Database 11g Enterprise Edition Release 11.2.0.4.0 - 64bit Production';
// One EXEC [1 344 507 302 000 000 − 500, … 000]; a log file sync of 300 ending 200 µs later.
const BODY = [
  BANNER,
  'EXEC #5:c=100,e=500,p=0,cr=0,cu=0,mis=0,r=1,dep=0,og=1,plh=0,tim=1344507302000000',
  "WAIT #0: nam='log file sync' ela= 300 buffer#=1 sync scn=1 p3=0 obj#=-1 tim=1344507302000200",
];
const WHOLE_R = 1344507302000200 - (1344507302000000 - 500); // 700 µs

/** The body, then `last` with no line end after it. */
const bytesOf = (last: string) => new TextEncoder().encode(`${BODY.join('\n')}\n${last}`);

async function profileOf(last: string) {
  const bytes = bytesOf(last);
  return profileTrace(chunksOf(bytes, 64), { fileName: 'cut.trc' });
}

const cutWarning = (w: { code: string; lines: number[] }[]) => w.find((x) => x.code === 'truncated-final-line');

describe('the last line of a file without a line end', () => {
  it.each([
    ['a call cut inside e (`e=4` of e=45)', 'FETCH #5:c=0,e=4'],
    ['a call cut inside its tim', 'FETCH #5:c=0,e=45,p=0,cr=1,cu=0,mis=0,r=4,dep=0,og=1,plh=0,tim=134450730'],
  ])('%s is not a call, and says so', async (_label, last) => {
    const { profile, result } = await profileOf(last);
    expect(profile.calls.map((c) => [c.call, c.count])).toEqual([['EXEC', 1]]);
    expect(profile.responseTime).toBe(WHOLE_R);
    expect(cutWarning(result.warnings)?.lines).toEqual([4]);
    // The plain parse of one event (stats, and the page's first pass) reads no calls, and says the
    // same of the file's end: it said nothing before, so the page showed such a file as whole.
    const parsed = await parseTrace(chunksOf(bytesOf(last), 64), { event: 'log file sync', fileName: 'cut.trc', fileIndex: 0 });
    expect(parsed.samples.count).toBe(1);
    const said = cutWarning(parsed.warnings);
    expect(said?.lines).toEqual([4]);
    expect((said as { message?: string } | undefined)?.message).toMatch(/^cut.trc: the file ends inside a database call line \((no tim= at its end|cut inside its tim: fewer digits than the tims before it)\); it was not read/);
  });

  it('a whole last call line is no cut in the plain parse either', async () => {
    const parsed = await parseTrace(chunksOf(bytesOf('FETCH #5:c=10,e=45,p=0,cr=1,cu=0,mis=0,r=4,dep=0,og=1,plh=0,tim=1344507302000400'), 64), { event: 'log file sync', fileName: 'cut.trc', fileIndex: 0 });
    expect(cutWarning(parsed.warnings)).toBeUndefined();
    const xctend = await parseTrace(chunksOf(bytesOf('XCTEND rlbk=0, rd_only=1'), 64), { event: 'log file sync', fileName: 'cut.trc', fileIndex: 0 });
    expect(cutWarning(xctend.warnings)).toBeUndefined();
  });

  it('a WAIT cut inside its tim is not counted: its tim moved R back by weeks', async () => {
    const last = "WAIT #0: nam='log file sync' ela= 250 buffer#=1 sync scn=1 p3=0 obj#=-1 tim=13445073";
    const { profile, result } = await profileOf(last);
    expect(profile.responseTime).toBe(WHOLE_R);
    expect(cutWarning(result.warnings)?.lines).toEqual([4]);
    // The plain parse (stats) drops it too.
    const parsed = await parseTrace(chunksOf(bytesOf(last), 64), { event: 'log file sync', fileName: 'cut.trc', fileIndex: 0 });
    expect(parsed.samples.count).toBe(1);
    expect(parsed.samples.ela[0]).toBe(300);
  });

  it('whole lines count: a call and a WAIT ending in their tim, and an XCTEND, which had no tim before 11g', async () => {
    const call = await profileOf('FETCH #5:c=10,e=45,p=0,cr=1,cu=0,mis=0,r=4,dep=0,og=1,plh=0,tim=1344507302000400');
    expect(call.profile.calls.map((c) => [c.call, c.count, c.e])).toEqual([
      ['EXEC', 1, 500],
      ['FETCH', 1, 45],
    ]);
    expect(call.profile.responseTime).toBe(WHOLE_R + 200);
    expect(cutWarning(call.result.warnings)).toBeUndefined();
    const wait = await profileOf("WAIT #0: nam='log file sync' ela= 250 buffer#=1 sync scn=1 p3=0 obj#=-1 tim=1344507302001000");
    expect(wait.profile.responseTime).toBe(WHOLE_R + 800);
    expect(cutWarning(wait.result.warnings)).toBeUndefined();
    const xctend = await profileOf('XCTEND rlbk=0, rd_only=1');
    expect(xctend.profile.calls.map((c) => [c.call, c.count])).toEqual([
      ['EXEC', 1],
      ['XCTEND', 1],
    ]);
    expect(cutWarning(xctend.result.warnings)).toBeUndefined();
  });

  it('a first call line cut without tim is not a call either, with no call before it to compare', async () => {
    const { profile, result } = await profileOf('FETCH #5:c=0,e=4');
    expect(profile.calls.map((c) => [c.call, c.count])).toEqual([['EXEC', 1]]);
    expect(cutWarning(result.warnings)?.lines).toEqual([4]);
  });

  it("compares with the WAITs' own tims, not a *** stamp's: an LGWR trace with a warning before its first WAIT", async () => {
    const lines = [
      BANNER,
      '*** 2015-02-06 20:01:26.330',
      'Warning: log write elapsed time 740ms, size 0KB',
      "WAIT #0: nam='log file parallel write' ela= 600 files=2 blocks=4 requests=2 obj#=-1 tim=6741625000000",
      "WAIT #0: nam='log file parallel write' ela= 700 files=2 blocks=4 requests=2 obj#=-1 tim=674162",
    ];
    const bytes = new TextEncoder().encode(lines.join('\n'));
    const parsed = await parseTrace(chunksOf(bytes, 64), { event: 'log file parallel write', fileName: 'lgwr.trc', fileIndex: 0 });
    expect(parsed.samples.count).toBe(1);
    expect(cutWarning(parsed.warnings)?.lines).toEqual([5]);
  });

  it('does not compare digits across the processes of trcsess output (they may run on different clocks)', async () => {
    const lines = [
      '*** [ Unix process pid: 100 ]',
      'EXEC #1:c=100,e=200,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=1,plh=0,tim=6741624002000',
      '*** [ Unix process pid: 200 ]',
      'EXEC #2:c=300,e=400,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=1,plh=0,tim=54351971000',
    ];
    const bytes = new TextEncoder().encode(lines.join('\n'));
    const { profile, result } = await profileTrace(chunksOf(bytes, 64), { fileName: 'trcsess.trc' });
    expect(profile.calls.map((c) => [c.call, c.count, c.e])).toEqual([['EXEC', 2, 600]]);
    expect(cutWarning(result.warnings)).toBeUndefined();
  });

  it('compares per process in trcsess output: a cut last line of one process is dropped, a whole one of another clock kept', async () => {
    const lines = [
      '*** [ Unix process pid: 100 ]',
      'EXEC #1:c=100,e=200,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=1,plh=0,tim=6741624002000',
      'EXEC #1:c=100,e=200,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=1,plh=0,tim=674162400',
    ];
    const bytes = new TextEncoder().encode(lines.join('\n'));
    const { profile, result } = await profileTrace(chunksOf(bytes, 64), { fileName: 'trcsess.trc' });
    expect(profile.calls.map((c) => [c.call, c.count])).toEqual([['EXEC', 1]]);
    expect(cutWarning(result.warnings)?.lines).toEqual([3]);
  });

  it('a CLOSE cut without tim is cut too (CLOSE lines end in tim), and a tim that gained a digit is the one compared', async () => {
    const close = await profileOf('CLOSE #5:c=0,e=12');
    expect(close.profile.calls.map((c) => [c.call, c.count])).toEqual([['EXEC', 1]]);
    expect(cutWarning(close.result.warnings)?.lines).toEqual([4]);
    // The first WAIT's tim has 11 digits, the calls' 12: a WAIT cut to 11 digits is cut.
    const text = [
      BANNER,
      "WAIT #0: nam='SQL*Net message from client' ela= 1000 driver id=1 #bytes=1 p3=0 obj#=-1 tim=99999990000",
      'EXEC #5:c=100,e=500,p=0,cr=0,cu=0,mis=0,r=1,dep=0,og=1,plh=0,tim=100000000000',
      "WAIT #0: nam='log file sync' ela= 300 buffer#=1 sync scn=1 p3=0 obj#=-1 tim=10000000030",
    ].join('\n');
    const crossed = await profileTrace(chunksOf(new TextEncoder().encode(text), 64), { fileName: 'c.trc' });
    expect(cutWarning(crossed.result.warnings)?.lines).toEqual([4]);
    expect(crossed.profile.responseTime).toBe(100000000000 - 99999989000);
  });
});
