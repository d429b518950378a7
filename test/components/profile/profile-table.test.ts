// One dataset's profile table, as static markup: a dataset with no timed record says why it has no
// response time (the corpus' LGWR trace of log write warnings alone), as the CLI does.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProfileTable, type ProfileDatasetView } from '../../../components/profile/ProfileTable';
import { findAll, parseMarkup, textOf } from '../markup';

const view = (sessions: number, total: number): ProfileDatasetView => ({
  id: 'd1',
  label: 'lgwr',
  color: '#000',
  total,
  sessions,
  rows: [{ component: 'unaccounted-for between calls', kind: 'unaccounted-between', total, share: null, count: sessions, mean: null, median: null, p99: null }],
});

describe('ProfileTable', () => {
  it('says why a profile of no session has no response time', () => {
    const root = parseMarkup(renderToStaticMarkup(createElement(ProfileTable, { view: view(0, 0) })));
    const empty = findAll(root, { 'data-testid': 'profile-empty' });
    expect(empty).toHaveLength(1);
    expect(textOf(empty[0]!)).toMatch(/^no database call or WAIT line with a tim: there is no response time to profile/);
  });

  it('says nothing of the kind when a session has time', () => {
    const root = parseMarkup(renderToStaticMarkup(createElement(ProfileTable, { view: view(1, 500) })));
    expect(findAll(root, { 'data-testid': 'profile-empty' })).toEqual([]);
    expect(findAll(root, { 'data-testid': 'profile-row' })).toHaveLength(1);
  });
});
