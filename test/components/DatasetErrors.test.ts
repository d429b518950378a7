import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DatasetErrors, type DatasetProblem } from '@/components/DatasetErrors';
import { findAll, parseMarkup, textOf } from './markup';

const render = (problems: DatasetProblem[]) => renderToStaticMarkup(createElement(DatasetErrors, { problems }));

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
    expect(items.map((li) => li.attrs['data-kind'])).toEqual(['not-a-trace', 'too-large', 'no-event', 'truncated', 'unreadable', 'warning']);
    expect(textOf(items[0]!)).toBe('notes.txt: not a trace — no trace banner or WAIT line in the first 64 KiB');
    expect(textOf(items[3]!)).toBe('c.trc: truncated — ends mid-record at line 4,021');
    expect(textOf(items[5]!)).toBe('run1/ora_123.trc: warning — line 17 cut short');
  });

  it('gives role="alert" to errors only', () => {
    expect(items.map((li) => li.attrs.role ?? null)).toEqual(['alert', 'alert', 'alert', 'alert', 'alert', null]);
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
