// The Profile view's footnote (think time and how the rows add up) is of profiles shown: with none
// (the book demo's synthetic waits have no calls) the page showed it under two "no profile" notes.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProfileView } from '../../../components/profile/ProfileView';
import type { ProfileDatasetView } from '../../../components/profile/ProfileTable';
import { findAll, parseMarkup, textOf } from '../markup';

const one: ProfileDatasetView = {
  id: 'd1',
  label: 'A',
  color: '#000',
  total: 500,
  sessions: 1,
  rows: [{ component: 'unaccounted-for between calls', kind: 'unaccounted-between', total: 500, share: null, count: 1, mean: null, median: null, p99: null }],
};

const footnotes = (datasets: ProfileDatasetView[]) => findAll(parseMarkup(renderToStaticMarkup(createElement(ProfileView, { datasets, comparisons: [], thinkTime: 1_000_000 }))), { 'data-testid': 'profile-footnote' });

describe('ProfileView', () => {
  it('says what think time and the rows are under the profiles it shows', () => {
    const notes = footnotes([one]);
    expect(notes).toHaveLength(1);
    expect(textOf(notes[0]!)).toMatch(/^Think time: SQL\*Net message from client waits of 1,000,000 µs or more, on a row of their own\. Rows add up to R/);
  });

  it('says nothing of the kind when no dataset has a profile', () => {
    expect(footnotes([])).toEqual([]);
  });
});
