// Two small datasets of generated commit-loop traces on disk, for tests that compare the browser
// pipeline with `waitscope compare --json` on the very same files: `on/` (3 sessions, the middle
// one gzipped) and `off/` (3 sessions), plus a non-trace file and a truncated trace in `bad/`.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sessionSeed } from '../../lib/synth/book-experiment';
import { generateCommitLoop } from '../../lib/synth/commit-loop';
import type { PresetName } from '../../lib/synth/wait-model';

export interface CompareInputs {
  root: string;
  on: string[];
  off: string[];
  /** A text file that is not a trace. */
  notATrace: string;
  /** A trace cut in the middle of a WAIT line: its complete lines still count. */
  truncated: string;
  /** Waits in the truncated trace's complete lines. */
  truncatedWaits: number;
}

function trace(preset: PresetName, index: number, commits: number): string {
  return [...generateCommitLoop({ preset, seed: sessionSeed(preset, 7, index), commits, sessionIndex: index, pinExtremes: index === 0 })].join('');
}

export function writeCompareInputs(commits = 3000): CompareInputs {
  const root = mkdtempSync(path.join(tmpdir(), 'waitscope-compare-'));
  const files: Record<'on' | 'off', string[]> = { on: [], off: [] };
  for (const [side, preset] of [['on', 'flash-on'], ['off', 'flash-off']] as const) {
    mkdirSync(path.join(root, side));
    for (let i = 0; i < 3; i++) {
      const text = trace(preset, i, commits);
      const gzipped = side === 'on' && i === 1;
      const file = path.join(root, side, `${preset}-s${i + 1}.trc${gzipped ? '.gz' : ''}`);
      writeFileSync(file, gzipped ? gzipSync(Buffer.from(text)) : text);
      files[side].push(file);
    }
  }
  mkdirSync(path.join(root, 'bad'));
  const notATrace = path.join(root, 'bad', 'notes.trc');
  writeFileSync(notATrace, 'Meeting notes\nThe redo logs move to the new array on Friday.\n');
  const full = trace('flash-off', 5, 200);
  // Cut inside the last 'log file sync' WAIT line, after its `ela=` so the cut line is recognisable.
  const lastSync = full.lastIndexOf("nam='log file sync' ela=");
  const cut = full.slice(0, lastSync + "nam='log file sync' ela= 1".length);
  const truncated = path.join(root, 'bad', 'cut-short.trc');
  writeFileSync(truncated, cut);
  const truncatedWaits = cut.split("nam='log file sync'").length - 2; // the cut one does not count
  return { root, on: files.on, off: files.off, notATrace, truncated, truncatedWaits };
}
