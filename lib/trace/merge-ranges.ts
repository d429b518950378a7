import { mergeProfiles } from './event-table';
import type { ScanResult } from './scanner';
import { hasColumn } from './sample-columns';
import type { ParseWarning, PositionColumn, SessionMarker, TimeAnchor, WaitSamples } from './types';
import { SessionCountsJoin } from './session-counts';
import { sessionKey } from './session-tracker';

const MAX_LINES_PER_WARNING = 10;

/**
 * Joins the scans of consecutive byte ranges of one file (scanned in parallel) into the scan a
 * single pass would have produced: line numbers shift by the lines before each range, sessions
 * are matched by (pid, sid, serial), and the session a range opened in is the one the previous
 * range closed in. The caller must rescan sequentially when `needsSequentialRescan` says so.
 */
export function mergeRanges(ranges: readonly ScanResult[]): ScanResult {
  const first = ranges[0];
  if (!first) throw new Error('mergeRanges needs at least one range');
  if (ranges.length === 1 && !first.sampleBlocks) return first;

  const { sessions, maps, closing } = joinSessions(ranges);
  const anchors: TimeAnchor[] = [];
  const warnings = new Map<string, ParseWarning>();
  const sampleParts: { samples: WaitSamples; lineShift: number; sessionMap: Uint32Array }[] = [];
  let lineShift = 0;
  let waitLines = 0;
  let records10046 = 0;
  let starLines = 0;
  const sessionCounts = ranges.some((r) => r.sessionCounts) ? new SessionCountsJoin() : null;

  ranges.forEach((range, r) => {
    const sessionMap = maps[r] as Uint32Array;

    // The previous range's last anchor may still wait for its first tim. A sequential scan
    // would have replaced it with a later stamp of the same session seen before any tim, or
    // else completed it with the first tim of this range.
    const pending = anchors[anchors.length - 1];
    const firstAnchor = range.anchors[0];
    if (pending && pending.tim === null) {
      const stampFirst = firstAnchor !== undefined && (range.firstTim === null || firstAnchor.line < range.firstTim.line);
      if (stampFirst && pending.session === (sessionMap[firstAnchor.session] ?? 0)) anchors.pop();
      else if (!stampFirst && range.firstTim) {
        pending.tim = range.firstTim.tim;
        pending.timLine = range.firstTim.line + lineShift;
      }
    }
    for (const a of range.anchors) {
      anchors.push({ ...a, line: a.line + lineShift, timLine: a.timLine === null ? null : a.timLine + lineShift, session: sessionMap[a.session] ?? 0 });
    }
    for (const w of range.warnings) {
      const shifted = w.lines.map((l) => l + lineShift);
      const seen = warnings.get(w.code);
      if (!seen) warnings.set(w.code, { ...w, lines: shifted.slice(0, MAX_LINES_PER_WARNING) });
      else {
        seen.count += w.count;
        seen.lines.push(...shifted.slice(0, MAX_LINES_PER_WARNING - seen.lines.length));
      }
    }
    for (const samples of range.sampleBlocks ?? [range.samples]) sampleParts.push({ samples, lineShift, sessionMap });
    sessionCounts?.addAll(range.sessionCounts ?? [], (s) => sessionMap[s] as number);
    lineShift += range.lines;
    waitLines += range.waitLines;
    records10046 += range.records10046;
    starLines += range.starLines;
  });

  const last = ranges[ranges.length - 1] as ScanResult;
  return {
    bytes: last.bytes,
    lines: lineShift,
    facts: first.facts,
    sessions,
    anchors,
    profile: mergeProfiles(ranges.map((r) => r.profile)),
    samples: concatSamples(sampleParts),
    warnings: [...warnings.values()],
    waitLines,
    records10046,
    starLines,
    binaryAt: first.binaryAt,
    endsInSql: last.endsInSql,
    openingSession: -1,
    closingSession: closing,
    firstTim: first.firstTim,
    ...(sessionCounts ? { sessionCounts: sessionCounts.result() } : {}),
  };
}

/**
 * The file's sessions from its ranges' (matched by (pid, sid, serial); the session a range opened
 * in is the one the range before closed in), and per range the map from its session indexes to
 * the file's. Each marker's line is shifted by the lines of the ranges before it.
 */
export function joinSessions(ranges: readonly ScanResult[]): { sessions: SessionMarker[]; maps: Uint32Array[]; closing: number } {
  const sessions: SessionMarker[] = [];
  const sessionByKey = new Map<string, number>();
  let lineShift = 0;
  let previousClosing = -1;
  const maps = ranges.map((range) => {
    const sessionMap = new Uint32Array(range.sessions.length);
    range.sessions.forEach((marker, i) => {
      if (i === range.openingSession && previousClosing >= 0) {
        sessionMap[i] = previousClosing;
        return;
      }
      const key = sessionKey(marker);
      let global = sessionByKey.get(key);
      if (global === undefined) {
        global = sessions.length;
        sessions.push({ ...marker, line: marker.line + lineShift });
        sessionByKey.set(key, global);
      }
      sessionMap[i] = global;
    });
    previousClosing = sessionMap[range.closingSession] ?? previousClosing;
    lineShift += range.lines;
    return sessionMap;
  });
  return { sessions, maps, closing: previousClosing };
}

/**
 * When only a sequential scan is right: a range began inside SQL text (so it was scanned in the
 * wrong state), or the file is trcsess output, whose process markers switch sessions in a way a
 * range cannot know from its own bytes.
 */
export function needsSequentialRescan(ranges: readonly ScanResult[]): boolean {
  return ranges.slice(0, -1).some((r) => r.endsInSql) || ranges.some((r) => r.facts.trcsess);
}

type Part = { samples: WaitSamples; lineShift: number; sessionMap: Uint32Array };

/**
 * Joins the ranges' samples, every column kept at once (a column the parse did not keep stays
 * empty). At once, not on first use: every caller reads every column it kept (combineFiles does),
 * and each range's blocks are 64 Ki samples each, the last partly used; held until a column was
 * read, the 40 files of the book's experiment kept ~470 MB of blocks alive in the browser.
 */
function concatSamples(parts: readonly Part[]): WaitSamples {
  const count = parts.reduce((n, p) => n + p.samples.count, 0);
  const kept = (column: PositionColumn) => parts.every((p) => hasColumn(p.samples, column));
  const join = <T extends Float64Array | Uint32Array>(make: (n: number) => T, fill: (out: T, at: number, part: Part) => void): T => {
    const out = make(count);
    let at = 0;
    for (const part of parts) {
      fill(out, at, part);
      at += part.samples.count;
    }
    return out;
  };
  const floats = (column: 'ela' | 'tim' | 'offset') => join((n) => new Float64Array(n), (out, at, p) => out.set(p.samples[column].subarray(0, p.samples.count), at));
  return {
    count,
    ela: floats('ela'),
    tim: kept('tim') ? floats('tim') : new Float64Array(0),
    offset: kept('offset') ? floats('offset') : new Float64Array(0),
    file: kept('file') ? join((n) => new Uint32Array(n), (out, at, p) => out.set(p.samples.file.subarray(0, p.samples.count), at)) : new Uint32Array(0),
    line: kept('line')
      ? join((n) => new Uint32Array(n), (out, at, { samples: s, lineShift }) => {
          for (let i = 0; i < s.count; i++) out[at + i] = (s.line[i] as number) + lineShift;
        })
      : new Uint32Array(0),
    session: join((n) => new Uint32Array(n), (out, at, { samples: s, sessionMap }) => {
      for (let i = 0; i < s.count; i++) out[at + i] = sessionMap[s.session[i] as number] ?? 0;
    }),
  };
}
