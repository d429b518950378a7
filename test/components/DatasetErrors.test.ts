import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DatasetErrors, type DatasetProblem } from '@/components/DatasetErrors';
import { findAll, parseMarkup, textOf } from './markup';

const render = (problems: DatasetProblem[], event?: string) => renderToStaticMarkup(createElement(DatasetErrors, { problems, event }));

describe('DatasetErrors', () => {
  const problems: DatasetProblem[] = [
    { file: 'run1/ora_123.trc', kind: 'warning', message: 'line 17 cut short' },
    { file: 'notes.txt', kind: 'not-a-trace', message: 'no trace banner or WAIT line in the first 64 KiB' },
    { file: 'big.trc', kind: 'too-large', message: 'needs about 3.1 GB, this browser has about 2 GB' },
    { file: 'b.trc', kind: 'no-event', message: "the file has 'db file sequential read', 'SQL*Net message from client'" },
    { file: 'c.trc', kind: 'truncated', message: 'ends mid-record at line 4,021' },
    { file: 'd.trc', kind: 'unreadable', message: 'permission denied' },
  ];
  const root = parseMarkup(render(problems));
  const items = findAll(root, {}, 'li');

  it('lists every problem with its kind, the file and the reason, errors first', () => {
    expect(items.map((li) => li.attrs['data-kind'])).toEqual(['not-a-trace', 'too-large', 'truncated', 'unreadable', 'warning', undefined]);
    expect(textOf(items[0]!)).toBe('notes.txt: not a trace — no trace banner or WAIT line in the first 64 KiB');
    expect(textOf(items[2]!)).toBe('c.trc: truncated — ends mid-record at line 4,021');
    expect(textOf(items[4]!)).toBe('run1/ora_123.trc: warning — line 17 cut short');
  });

  it('gives role="alert" to errors only: a missing event is not one', () => {
    expect(items.map((li) => li.attrs.role ?? null)).toEqual(['alert', 'alert', 'alert', 'alert', null, null]);
  });

  it('names the file once when the message already starts with it (issue 12)', () => {
    const r = parseMarkup(
      render([
        { file: 'empty.trc', kind: 'not-a-trace', message: 'empty.trc is empty' },
        { file: 'cut.trc.gz', kind: 'truncated', message: 'cut.trc.gz is truncated at line 21,167: the gzip data ends early' },
        { file: 'a.trc', kind: 'warning', message: 'a.trc: no Oracle banner' },
      ]),
    );
    expect(findAll(r, {}, 'li').map(textOf)).toEqual([
      'not a trace — empty.trc is empty',
      'truncated — cut.trc.gz is truncated at line 21,167: the gzip data ends early',
      'warning — a.trc: no Oracle banner',
    ]);
  });

  it('shows files without the event as one neutral note, never as errors (issue 12)', () => {
    const html = render(
      [
        { file: 'a.trc', kind: 'no-event', message: "a.trc has no 'log file sync' waits; its events are 'db file sequential read'" },
        { file: 'b.trc', kind: 'no-event', message: "b.trc has no 'log file sync' waits; its events are 'direct path read'" },
      ],
      'log file sync',
    );
    const r = parseMarkup(html);
    expect(findAll(r, {}, 'ul').filter((u) => u.attrs['data-testid'] === 'dataset-errors')).toEqual([]);
    expect(html).not.toContain('role="alert"');
    const notes = findAll(r, {}, 'div').filter((d) => d.attrs['data-testid'] === 'missing-event-note');
    expect(notes).toHaveLength(1);
    expect(textOf(findAll(notes[0]!, {}, 'p')[0]!)).toBe("No 'log file sync' waits in a.trc and b.trc: they are traces, with other events. Choose one with the Event picker.");
    expect(findAll(notes[0]!, {}, 'li').map(textOf)).toEqual([
      "a.trc has no 'log file sync' waits; its events are 'db file sequential read'",
      "b.trc has no 'log file sync' waits; its events are 'direct path read'",
    ]);
  });

  it('says a trace without WAIT lines has no other event, and points to its calls', () => {
    const level1 = { file: 'test_9201.trc', kind: 'no-event', message: "test_9201.trc is a 10046 trace with no WAIT lines at all: it was probably traced without waits (level 1); trace at level 8 or 12 to see 'log file sync'", noWaits: true } as const;
    const note = (list: DatasetProblem[]) => {
      const r = parseMarkup(render(list, 'log file sync'));
      return textOf(findAll(findAll(r, {}, 'div').find((d) => d.attrs['data-testid'] === 'missing-event-note')!, {}, 'p')[0]!);
    };
    expect(note([level1])).toBe('No WAIT lines in test_9201.trc: it was probably traced without waits (10046 level 1), so it has no events. Its database calls can still be measured: choose a call type with the measure picker, or open the Profile.');
    // Beside a file that has other events, the note is the usual one (each file's line says which is which).
    expect(note([level1, { file: 'b.trc', kind: 'no-event', message: "b.trc has no 'log file sync' waits; its events are 'direct path read'" }])).toBe(
      "No 'log file sync' waits in test_9201.trc and b.trc: they are traces, with other events. Choose one with the Event picker.",
    );
  });

  it('renders file names and messages as text, never as markup', () => {
    const html = render([{ file: '<img src=x onerror=alert(1)>.trc', kind: 'not-a-trace', message: '<script>alert(2)</script>' }]);
    const r = parseMarkup(html);
    expect(findAll(r, {}, 'img')).toEqual([]);
    expect(findAll(r, {}, 'script')).toEqual([]);
    expect(textOf(findAll(r, {}, 'li')[0]!)).toBe('<img src=x onerror=alert(1)>.trc: not a trace — <script>alert(2)</script>');
  });

  it('never tells the user to check the console, and renders nothing without problems', () => {
    expect(render(problems).toLowerCase()).not.toContain('console');
    expect(render([])).toBe('');
  });
});
