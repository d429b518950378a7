/**
 * The problems of one dataset's files (issue 4 §4), each naming the file and the reason, in the page:
 * never `alert()`, never "check the console". Errors (a file that did not load) are announced to
 * screen readers with role="alert"; warnings (a file that loaded with damage) are not. Messages are
 * rendered as text, so a file name or a line quoted from a file can never become markup.
 *
 * Each item names its file once (issue 12): the messages come from lib/, which names the file in
 * them for the command line ("empty.trc is empty"), so a message that starts with the file's name
 * is shown as it is, after the kind ("not a trace — empty.trc is empty"); others get the name in
 * front ("notes.txt: not a trace — no trace banner …").
 *
 * A file without the chosen event is not an error: it is a trace, it just has none of those waits
 * (another event may be chosen). Such files get one neutral note for the dataset, not a red line
 * each.
 */
import type { ReactNode } from 'react';
import type { ValuesNoun } from '@/lib/trace/measure';

export type DatasetProblemKind = 'not-a-trace' | 'no-event' | 'truncated' | 'too-large' | 'unreadable' | 'warning';

export interface DatasetProblem {
  file: string;
  kind: DatasetProblemKind;
  message: string;
  /** A file without the event that has no WAIT lines at all (lib/worker/file-status.ts). */
  noWaits?: true;
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

/** A file that did not load, or loaded only in part. Warnings and a missing event are not errors. */
export const isError = (kind: DatasetProblemKind) => kind !== 'warning' && kind !== 'no-event';

const fileName = (file: string) => <strong className="file">{file}</strong>;

/** The message with the file's name in bold, once: where the message has it at its start, else in front. */
function namingFileOnce(p: DatasetProblem): ReactNode {
  if (p.message.startsWith(p.file)) return <>{fileName(p.file)}{p.message.slice(p.file.length)}</>;
  return <>{fileName(p.file)}{p.message !== '' && `: ${p.message}`}</>;
}

/** `a.trc`, `a.trc and b.trc`, `a.trc, b.trc and c.trc`, or `7 files`. */
function fileList(files: readonly string[]): string {
  if (files.length > 3) return `${files.length.toLocaleString('en-US')} files`;
  return files.length === 1 ? files[0]! : `${files.slice(0, -1).join(', ')} and ${files[files.length - 1]}`;
}

function MissingEventNote({ problems, event, noun }: { problems: readonly DatasetProblem[]; event: string | undefined; noun: ValuesNoun }) {
  const what = event === undefined ? 'the chosen event' : `'${event}'`;
  // A call or commit measure: each file's message says what it lacks ("x.trc has no EXEC calls of sql_id …").
  const measured = noun !== 'waits';
  // Traces with no WAIT line at all (traced without waits, 10046 level 1) have no other event to
  // choose: the note said "with other events" of the corpus' 9.2 trace, whose own line said level 1.
  const waitless = !measured && problems.every((p) => p.noWaits === true);
  const one = problems.length === 1;
  return (
    <div className="dataset-note" data-testid="missing-event-note">
      {waitless ? (
        <p>
          No WAIT lines in {fileList(problems.map((p) => p.file))}: {one ? 'it was' : 'they were'} probably traced without waits (10046 level 1), so {one ? 'it has' : 'they have'} no events. {one ? 'Its' : 'Their'} database calls can still be measured: choose a call type with the measure picker, or open the Profile.
        </p>
      ) : (
        <p>
          No {noun === 'commits' ? 'commits' : `${what} ${noun}`} in {fileList(problems.map((p) => p.file))}: {one ? 'it is a trace' : 'they are traces'}
          {measured ? ' without them' : ', with other events'}. Choose {measured ? 'another measure' : 'one'} with the {measured ? 'measure' : 'Event'} picker.
        </p>
      )}
      <details>
        <summary>{measured ? 'What each file lacks' : `Events in ${problems.length === 1 ? 'the file' : 'each file'}`}</summary>
        <ul>
          {problems.map((p, i) => (
            <li key={`${p.file}\u0000${i}`}>{namingFileOnce(p)}</li>
          ))}
        </ul>
      </details>
    </div>
  );
}

export function DatasetErrors({ problems, event, noun = 'waits' }: { problems: readonly DatasetProblem[]; event?: string; noun?: ValuesNoun }) {
  const missing = problems.filter((p) => p.kind === 'no-event');
  const listed = problems.filter((p) => p.kind !== 'no-event');
  if (problems.length === 0) return null;
  // Errors first: they are why a file is missing from the numbers; warnings only qualify them.
  const ordered = [...listed.filter((p) => isError(p.kind)), ...listed.filter((p) => !isError(p.kind))];
  return (
    <>
      {ordered.length > 0 && (
        <ul className="dataset-errors" data-testid="dataset-errors">
          {ordered.map((p, i) => (
            <li key={`${p.file}\u0000${p.kind}\u0000${i}`} data-kind={p.kind} role={isError(p.kind) ? 'alert' : undefined}>
              {p.message.startsWith(p.file) ? (
                <>{`${PROBLEM_LABEL[p.kind]} — `}{namingFileOnce(p)}</>
              ) : (
                <>{fileName(p.file)}{`: ${PROBLEM_LABEL[p.kind]}`}{p.message !== '' && ` — ${p.message}`}</>
              )}
            </li>
          ))}
        </ul>
      )}
      {missing.length > 0 && <MissingEventNote problems={missing} event={event} noun={noun} />}
    </>
  );
}
