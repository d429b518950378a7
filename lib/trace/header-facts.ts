import type { TraceFacts } from './types';

/**
 * The preamble of a trace says which release wrote it, and so the unit of `ela`
 * (trace-format.md §1, §3). These lines are rare, so they are matched as decoded text.
 */

// `Release 8.1.7.0.0`, `Release 19.0.0.0.0`; 18c+ banners say 19.0.0.0.0, so `Version` wins.
const BANNER = /^(?:Oracle\S*|ORACLE V)[^\n]*?Release (\d+(?:\.\d+)+)/;
const VERSION_LINE = /^Version (\d+\.\d+\.\d+\.\d+\.\d+)\s*$/;
// MOS 39817.1 / Powell: Oracle 7, 8 and 8i write times in centiseconds.
const CENTISECOND_BANNER = /^(?:Oracle8i|Oracle8 |Oracle7|ORACLE V[78]\.)|Release [78]\./;
const INSTANCE = /^Instance name:\s*(\S+)/;
const NODE = /^Node name:\s*(\S+)/;
const PID = /^(?:Unix process pid|Windows thread id):\s*(\d+)/;
// `Unix process pid: 495, image: oracle@host (LGWR)`: a background process names itself last; a
// dedicated server says how its client came (`(TNS V1-V3)`), a local one nothing.
const PROCESS_NAME = /, image: .*\(([^()]+)\)\s*$/;
const TRACE_FILE = /^Trace file (.+)$/;
const DUMP_FILE = /^Dump file (.+)$/;

export function emptyFacts(): TraceFacts {
  return {
    oracleVersion: null,
    banner: null,
    unit: 'us',
    unitAssumed: true,
    instance: null,
    host: null,
    pid: null,
    traceFile: null,
    processName: null,
    trcsess: false,
  };
}

/** First bytes of lines worth decoding while in the preamble. */
export function mayBeHeaderLine(firstByte: number): boolean {
  // O(racle) V(ersion) I(nstance) N(ode) U(nix) W(indows) T(race) D(ump)
  return (
    firstByte === 0x4f || firstByte === 0x56 || firstByte === 0x49 || firstByte === 0x4e ||
    firstByte === 0x55 || firstByte === 0x57 || firstByte === 0x54 || firstByte === 0x44
  );
}

/** Updates `facts` from one decoded preamble line; returns true when the line was a header line. */
export function readHeaderLine(text: string, facts: TraceFacts): boolean {
  let m: RegExpExecArray | null;
  if (facts.banner === null && (m = BANNER.exec(text))) {
    facts.banner = text.trim();
    facts.oracleVersion ??= m[1] ?? null;
    facts.unit = CENTISECOND_BANNER.test(text) ? 'cs' : 'us';
    facts.unitAssumed = false;
    return true;
  }
  if ((m = VERSION_LINE.exec(text))) {
    facts.oracleVersion = m[1] ?? facts.oracleVersion;
    return true;
  }
  if ((m = INSTANCE.exec(text))) return set(facts, 'instance', m[1]);
  if ((m = NODE.exec(text))) return set(facts, 'host', m[1]);
  if ((m = PID.exec(text))) {
    const name = PROCESS_NAME.exec(text);
    if (name) set(facts, 'processName', name[1]);
    return set(facts, 'pid', m[1]);
  }
  if ((m = TRACE_FILE.exec(text)) || (m = DUMP_FILE.exec(text))) return set(facts, 'traceFile', m[1]);
  return false;
}

function set(facts: TraceFacts, key: 'instance' | 'host' | 'pid' | 'traceFile' | 'processName', value: string | undefined): boolean {
  if (facts[key] === null && value !== undefined) facts[key] = value.trim();
  return true;
}

/**
 * From 10.2 on every complete WAIT line ends in `tim=` (trace-format.md §8.3), so a WAIT line
 * without it is cut short. Before 10.2 lines have no `tim` at all.
 */
export function versionWritesWaitTim(version: string | null): boolean | null {
  if (version === null) return null;
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 10 || (major === 10 && minor >= 2);
}
