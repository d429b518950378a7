import { CliUsage, type CliCommand } from '@/components/CliUsage';
import { Workbench } from '@/components/workbench/Workbench';

const CLI_COMMANDS: readonly CliCommand[] = [
  {
    command: 'npx waitscope compare <A traces…> --vs <B traces…>',
    summary: 'The same comparison in a terminal: summaries, differences with bootstrap CIs, tests and verdicts (--json, --format csv).',
  },
  {
    command: 'npx waitscope stats <trace files…>',
    summary:
      'Exact statistics of one wait event (log file sync unless you name another) across the traces: count, total, percentiles and the slow tail.',
  },
  {
    command: 'npx waitscope profile <trace files…>',
    summary: 'The response-time profile (CPU by call, waits within and between calls, unaccounted-for time) and every wait event, as the Response-time profile view shows it.',
  },
  {
    command: 'npx waitscope statements <trace files…>',
    summary: 'tkprof-like statements: calls, waits, recursive statements and e per execution (--sort prsela,exeela,fchela, --top, --min-dep).',
  },
  {
    command: 'npx waitscope compare --profile <A traces…> --vs <B traces…>',
    summary: 'Two response-time profiles side by side, and the statements whose time changed most.',
  },
  {
    command: 'npx waitscope report <A traces…> --vs <B traces…> --out report.html',
    summary: 'One self-contained HTML file with the table, verdicts and every figure, that opens offline (no SQL text, file or host names unless --include-… asks).',
  },
  {
    command: 'npx waitscope export --format parquet --out <dir> <traces…>',
    summary: 'waits, calls, statements and files as Parquet tables for DuckDB, pandas, R or Spark (SQL text only with --sql-text).',
  },
  {
    command: 'npx waitscope flashlog <before.txt> [after.txt]',
    summary:
      "The cells' FLASHLOG metrics from CellCLI (LIST METRICCURRENT or METRICHISTORY WHERE objectType='FLASHLOG', dcli too): deltas and flash's share of the races; compare --cell-a/--cell-b puts them beside the latency.",
  },
];

export default function HomePage() {
  return (
    <main className="app">
      {/* The page's h1 is in the workbench's header (components/layout/AppHeader.tsx). */}
      <Workbench />
      <section className="cli-section">
        <h2>Command line</h2>
        <p>The same parser and statistics run from a terminal:</p>
        <CliUsage commands={CLI_COMMANDS} />
      </section>
    </main>
  );
}
