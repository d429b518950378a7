/** One command of the waitscope CLI, as the home page shows it. */
export interface CliCommand {
  command: string;
  summary: string;
}

/** Presentational only: the command list lives with the page that shows it. */
export function CliUsage({ commands }: { commands: readonly CliCommand[] }) {
  return (
    <dl className="cli-usage">
      {commands.map(({ command, summary }) => (
        <div key={command}>
          <dt>
            <pre>
              <code>{command}</code>
            </pre>
          </dt>
          <dd>{summary}</dd>
        </div>
      ))}
    </dl>
  );
}
