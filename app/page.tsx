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
    summary: 'A profile of every wait event in the traces: how often each occurred and how much time it took.',
  },
];

export default function HomePage() {
  return (
    <main className="wide">
      <h1>waitscope</h1>
      <p className="tagline">Did this storage change make commits faster, and what happened in the slow tail?</p>
      <Workbench />
      <h2>Command line</h2>
      <p>The same parser and statistics run from a terminal:</p>
      <CliUsage commands={CLI_COMMANDS} />
    </main>
  );
}
