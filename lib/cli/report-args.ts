/**
 * `waitscope report`'s command line: compare's (compare-command.ts parseCompareArgs: datasets, --vs,
 * --labels, --event/--call/--commit, windows, --where, --profile) plus where the file goes and the
 * share preview's three choices. Those are taken out first, and the rest goes to compare's parser,
 * so the two commands read the same inputs the same way.
 */
import { parseArgs } from 'node:util';
import type { ShareChoices } from '../report/share-content';
import { UsageError } from './args';
import { parseCompareArgs, type CompareArgs } from './compare-command';

export interface ReportArgs {
  compare: CompareArgs;
  out: string;
  choices: Required<ShareChoices>;
}

const REPORT_OPTIONS = {
  out: { type: 'string', short: 'o' },
  'include-hosts': { type: 'boolean' },
  'include-file-names': { type: 'boolean' },
  'include-sql-text': { type: 'boolean' },
} as const;

/** Compare's options that print something else than a report; refused rather than ignored. */
const PRINT_ONLY = ['json', 'format', 'cell-a', 'cell-b', 'over-time', 'group'];

export function parseReportArgs(argv: string[]): ReportArgs {
  // Not strict: compare's options are left for its own parser; only this command's are read here.
  const { values, tokens } = parseArgs({ args: argv, options: REPORT_OPTIONS, strict: false, allowPositionals: true, tokens: true });
  const mine = new Set<number>();
  for (const t of tokens) {
    if (t.kind !== 'option') continue;
    if (PRINT_ONLY.includes(t.name)) throw new UsageError(`report writes an HTML file; --${t.name} belongs to compare`);
    if (!(t.name in REPORT_OPTIONS)) continue;
    mine.add(t.index);
    if (t.name === 'out' && t.inlineValue === false) mine.add(t.index + 1);
  }
  const out = values.out;
  if (typeof out !== 'string' || out.trim() === '') throw new UsageError('report needs --out FILE: waitscope report A_PATH... --vs B_PATH... --out report.html');
  let compare: CompareArgs;
  try {
    compare = parseCompareArgs(argv.filter((_, i) => !mine.has(i)));
  } catch (error) {
    // compare's messages name compare; the user typed report.
    if (error instanceof UsageError) throw new UsageError(error.message.replace(/\bcompare\b/g, 'report'));
    throw error;
  }
  if (!compare.profile && values['include-sql-text']) throw new UsageError('--include-sql-text is for the statements of --profile; a report without it holds no SQL text');
  return {
    compare,
    out,
    choices: { includeHosts: values['include-hosts'] === true, includeFileNames: values['include-file-names'] === true, includeSqlText: values['include-sql-text'] === true },
  };
}
