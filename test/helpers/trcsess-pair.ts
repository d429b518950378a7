// A small 19c trace of one session (process 4242) and the trcsess output made from it, as trcsess
// writes it: a `*** [ Unix process pid: N ]` marker, then the process's records with their stamps,
// without the file header (Oracle Database Performance Tuning Guide, "Using the trcsess Utility";
// the corpus' trace-combine pair has this shape). For the notes of lib/trace/shared-stamps.ts.
const HEADER =
  'Trace file /u01/diag/rdbms/db/DB1/trace/DB1_ora_4242.trc\n' +
  'Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production\n' +
  'Version 19.12.0.0.0\n' +
  'Unix process pid: 4242, image: oracle@host1\n\n';

function body(): string {
  let text = '*** 2024-03-01T10:00:00.000000-07:00\n*** SESSION ID:(17.4711) 2024-03-01T10:00:00.000100-07:00\n';
  for (let k = 1; k <= 5; k++) {
    const tim = 5_000_000 + k * 1_000_000;
    text += `EXEC #1:c=100,e=${200 + k},p=0,cr=1,cu=2,mis=0,r=1,dep=0,og=1,plh=0,tim=${tim}\n`;
    text += `XCTEND rlbk=0, rd_only=0, tim=${tim + 10}\n`;
    text += `WAIT #0: nam='log file sync' ela= ${k * 100} buffer#=1 sync scn=2 p3=0 obj#=-1 tim=${tim + 20 + k * 100}\n`;
  }
  return text;
}

/** The trace, and the trcsess output made from it alone. */
export function trcsessPair(): { trace: string; trcsess: string } {
  return { trace: HEADER + body(), trcsess: `*** [ Unix process pid: 4242 ]\n${body()}` };
}
