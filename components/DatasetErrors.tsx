/**
 * The problems of one dataset's files (issue 4 §4), each naming the file and the reason, in the page:
 * never `alert()`, never "check the console". Errors (a file that did not load) are announced to
 * screen readers with role="alert"; warnings (a file that loaded with damage) are not. Messages are
 * rendered as text, so a file name or a line quoted from a file can never become markup.
 */
export type DatasetProblemKind = 'not-a-trace' | 'no-event' | 'truncated' | 'too-large' | 'unreadable' | 'warning';

export interface DatasetProblem {
  file: string;
  kind: DatasetProblemKind;
  message: string;
}

/** What each kind means to a person, written before the message. */
export const PROBLEM_LABEL: Record<DatasetProblemKind, string> = {
  'not-a-trace': 'not a trace',
  'no-event': 'no such event',
  truncated: 'truncated',
  'too-large': 'too large',
  unreadable: 'could not be read',
  warning: 'warning',
};

export const isError = (kind: DatasetProblemKind) => kind !== 'warning';

export function DatasetErrors({ problems }: { problems: readonly DatasetProblem[] }) {
  if (problems.length === 0) return null;
  // Errors first: they are why a file is missing from the numbers; warnings only qualify them.
  const ordered = [...problems.filter((p) => isError(p.kind)), ...problems.filter((p) => !isError(p.kind))];
  return (
    <ul className="dataset-errors" data-testid="dataset-errors">
      {ordered.map((p, i) => (
        <li key={`${p.file}\u0000${p.kind}\u0000${i}`} data-kind={p.kind} role={isError(p.kind) ? 'alert' : undefined}>
          <strong className="file">{p.file}</strong>
          {`: ${PROBLEM_LABEL[p.kind]}`}
          {p.message !== '' && ` — ${p.message}`}
        </li>
      ))}
    </ul>
  );
}
