import { CliUsage, type CliCommand } from '@/components/CliUsage';

const CLI_COMMANDS: readonly CliCommand[] = [
  {
    command: 'npx waitscope stats <trace files…>',
    summary:
      'Exact statistics of one wait event (log file sync unless you name another) across the traces: count, total, percentiles and the slow tail.',
  },
  {
    command: 'npx waitscope profile <trace files…>',
    summary: 'A profile of every wait event in the traces: how often each occurred and how much time it took.',
  },
];

export default function HomePage() {
  return (
    <main>
      <h1>waitscope</h1>
      <p className="tagline">Oracle 10046 trace wait-event statistics.</p>

      <p>
        waitscope parses Oracle extended SQL traces (event 10046, level 8 or 12) and computes exact
        statistics of the waits they record, such as <code>log file sync</code>: every sample is kept, so
        percentiles and the slow tail are computed, not estimated.
      </p>
      <p>
        Use it to compare configurations side by side, for example commit latency with Exadata Smart
        Flash Logging on and off, and to find the individual waits behind an outlier.
      </p>

      <h2>Command line</h2>
      <p>The same parser and statistics run from a terminal:</p>
      <CliUsage commands={CLI_COMMANDS} />
    </main>
  );
}
