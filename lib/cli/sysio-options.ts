/** What the CLI cannot do with strace and fio inputs (lib/sysio), said before anything is read. */
import type { SysioFormat } from '../sysio/sysio-format';

/**
 * Their values have no database calls, statements or trace context, and their clocks are no
 * trace's: --profile, --call/--commit, --group/--where and the time window are for traces.
 */
export function sysioRefusal(formats: readonly (SysioFormat | null)[], asked: { window: unknown; profile: boolean; measure: boolean; group: boolean }): string | null {
  if (!formats.some((f) => f !== null)) return null;
  const option = asked.profile ? 'a profile (profile, statements, --profile)' : asked.measure ? '--call and --commit' : asked.group ? '--group and --where' : asked.window ? '--from, --to, --skip-first and --skip-last' : null;
  if (option === null) return null;
  return `${option} read Oracle traces; strace and fio inputs have only their calls' or I/Os' latencies: leave the option out, or give traces only`;
}

/** The files whose values are fio's histogram bins (fio-json.ts warns `histogram-bins`), for the note beside the statistics. */
export function binnedFiles(files: readonly { fileName: string; warnings: readonly { code: string }[] }[]): string[] {
  return files.filter((f) => f.warnings.some((w) => w.code === 'histogram-bins')).map((f) => f.fileName);
}

/** One line under the statistics' heading when any value is a bin's (empty otherwise). */
export function binnedLine(files: Parameters<typeof binnedFiles>[0]): string {
  const binned = binnedFiles(files);
  if (binned.length === 0) return '';
  const which = binned.length === files.length ? 'every value is' : `the values of ${binned.length} of ${files.length} files are`;
  return `quantiles from fio's histogram bins: ${which} a json+ bin's (each within about 0.8% of the latencies in it)\n`;
}
