// Which session a record belongs to. A trace's first `***` stamp comes before its SESSION ID line
// (`*** 2017-01-18 12:07:55.101`, then `*** SESSION ID:(22.33186) 2017-01-18 12:07:55.101`): the
// stamp's time anchor must not make a session of its own, or a file of one session counts two.
import { describe, expect, it } from 'vitest';
import { SessionTracker } from '../../lib/trace/session-tracker';
import { parseTrace } from '../../lib/trace/parse-trace';
import { chunksOf } from '../helpers/chunks';

describe('SessionTracker', () => {
  it('gives the stamp before SESSION ID the session SESSION ID names', () => {
    const t = new SessionTracker();
    t.setHeaderPid('21055');
    const stamp = t.stampSession(); // *** 2017-01-18 12:07:55.101
    t.session(22, 33186, 17); // *** SESSION ID:(22.33186)
    expect(t.stampSession()).toBe(stamp); // the SESSION ID line's own stamp
    expect(t.current()).toBe(stamp); // a WAIT
    expect(t.list()).toEqual([{ pid: '21055', sid: 22, serial: 33186, line: 17 }]);
  });

  it('keeps a session that records used before SESSION ID (they came before any marker)', () => {
    const t = new SessionTracker();
    t.setHeaderPid('7');
    t.stampSession();
    expect(t.current()).toBe(0); // a WAIT before any SESSION ID
    t.session(5, 6, 40);
    expect(t.current()).toBe(1);
    expect(t.list()).toEqual([
      { pid: '7', sid: null, serial: null, line: 0 },
      { pid: '7', sid: 5, serial: 6, line: 40 },
    ]);
  });

  it('starts a new session at a second SESSION ID, even right after a stamp', () => {
    const t = new SessionTracker();
    t.stampSession();
    t.session(1, 1, 3);
    expect(t.current()).toBe(0);
    t.stampSession(); // a stamp of session 1.1: it has records
    t.session(2, 2, 9);
    expect(t.current()).toBe(1);
    expect(t.list().map((m) => [m.sid, m.serial])).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });
});

describe('a parsed trace of one session', () => {
  it('has one session, its SESSION ID', async () => {
    const text = [
      'Oracle Database 12c Enterprise Edition Release 12.1.0.2.0 - 64bit Production',
      'Unix process pid: 21055, image: oracle@localhost',
      '',
      '*** 2017-01-18 12:07:55.101',
      '*** SESSION ID:(22.33186) 2017-01-18 12:07:55.101',
      '*** MODULE NAME:(SQL*Plus) 2017-01-18 12:07:55.101',
      "WAIT #0: nam='log file sync' ela= 500 buffer#=1 sync scn=1 p3=0 obj#=-1 tim=54351972024",
      '',
    ].join('\n');
    const bytes = new TextEncoder().encode(text);
    const r = await parseTrace(chunksOf(bytes, 16), { event: 'log file sync', fileName: 'one.trc', fileIndex: 0 });
    expect(r.sessions.map((m) => [m.pid, m.sid, m.serial])).toEqual([['21055', 22, 33186]]);
    expect(r.samples.count).toBe(1);
    expect(r.samples.session[0]).toBe(0);
    // The stamp's anchor is that session's (its wall time places the WAIT).
    expect(r.anchors.every((a) => a.session === 0)).toBe(true);
  });
});
