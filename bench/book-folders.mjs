// The book's full synthetic experiment as two folders of traces (issue 13's benchmarks): 20 flash-on and
// 20 flash-off sessions of 200,000 commits, 3.9 GB, written by `waitscope synth` with its default seed.
// They live in $WAITSCOPE_BOOK_DIR, else beside the cached 1 GiB trace (benchDir()/book), and are made
// once (about 35 s here) when missing.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDir } from './generate-trace.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** { on, off } folders and their sorted .trc files, generated first when a folder has none. */
export function bookFolders({ log = console.log } = {}) {
  const root = process.env.WAITSCOPE_BOOK_DIR ?? path.join(benchDir(), 'book');
  const folders = { on: path.join(root, 'on'), off: path.join(root, 'off') };
  for (const [preset, dir] of [['flash-on', folders.on], ['flash-off', folders.off]]) {
    if (existsSync(dir) && readdirSync(dir).some((f) => f.endsWith('.trc'))) continue;
    log(`  generating ${dir} (waitscope synth --preset ${preset})`);
    execFileSync(process.execPath, [path.join(ROOT, 'bin/waitscope.mjs'), 'synth', '--preset', preset, '--out', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const files = (dir) => readdirSync(dir).filter((f) => f.endsWith('.trc')).sort().map((f) => path.join(dir, f));
  return { ...folders, onFiles: files(folders.on), offFiles: files(folders.off) };
}
