/**
 * The sorts the Statements view offers: waitscope's own (total elapsed, elapsed without recursive
 * statements) and the tkprof keys DBAs type (`sort=prsela,exeela,fchela`), each parsed by
 * lib/profile's parseStatementSort like the CLI's --sort.
 */
import { parseStatementSort, type StatementQuery } from '@/lib/profile/statement-table';
import type { StatementDepth } from '../workbench/url-state';

export const STATEMENT_SORTS: readonly { value: string; label: string }[] = [
  { value: 'total', label: 'total elapsed (with recursive statements)' },
  { value: 'self', label: 'elapsed without recursive statements' },
  { value: 'prsela,exeela,fchela', label: 'prsela,exeela,fchela (tkprof)' },
  { value: 'exeela', label: 'exeela: execute elapsed' },
  { value: 'fchela', label: 'fchela: fetch elapsed' },
  { value: 'prsela', label: 'prsela: parse elapsed' },
  { value: 'execpu,fchcpu', label: 'execpu,fchcpu: CPU' },
  { value: 'exedsk,fchdsk', label: 'exedsk,fchdsk: disk reads' },
  { value: 'exeqry,fchqry', label: 'exeqry,fchqry: consistent gets' },
  { value: 'execnt', label: 'execnt: executions' },
  { value: 'prsmis,exemis', label: 'prsmis,exemis: library cache misses' },
];

/** The query of the view's settings (a sort the URL brought that is not valid falls back to total). */
export function statementQuery(sort: string, top: number, depth: StatementDepth): StatementQuery {
  const parsed = parseStatementSort(sort);
  return {
    sort: 'error' in parsed ? 'total' : parsed.sort,
    top,
    ...(depth === 'top-level' && { maxDep: 0 }),
    ...(depth === 'recursive' && { minDep: 1 }),
  };
}
