// The help components as markup: an (i) button adds no text to the cell it sits in, and a verdict
// line is in the Tab order and described by its explanation (shown on hover or focus in Chromium:
// test/app/keyboard-walk.browser.test.ts).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HelpTip } from '../../../components/help/HelpTip';
import { VerdictLines } from '../../../components/help/VerdictLines';
import { findAll, parseMarkup, textOf } from '../markup';

describe('HelpTip', () => {
  const root = parseMarkup(renderToStaticMarkup(createElement('th', null, 'median', createElement(HelpTip, { topic: 'median', text: 'The middle wait.' }))));

  it('is a button named "About median", described by its bubble, with no text of its own', () => {
    const button = findAll(root, {}, 'button')[0]!;
    expect(button.attrs['aria-label']).toBe('About median');
    expect(button.attrs['aria-describedby']).toMatch(/\S/);
    expect(textOf(button)).toBe('');
    expect(textOf(root)).toBe('median'); // the bubble is drawn only while shown
  });
});

describe('VerdictLines', () => {
  const verdict = { statistic: 'mean' as const, direction: 'lower' as const, ciSource: 'bootstrap-cluster' as const, relative: -0.175, interval: { lower: -0.18, upper: -0.17 }, text: 'mean 17.5% lower' };
  const root = parseMarkup(renderToStaticMarkup(createElement(VerdictLines, { verdicts: [verdict], confidence: 0.95 })));

  it('puts each line in the Tab order with its data attributes, its text the verdict’s alone', () => {
    const li = findAll(root, { 'data-statistic': 'mean' }, 'li')[0]!;
    expect(li.attrs.tabindex).toBe('0');
    expect(li.attrs['aria-describedby']).toMatch(/-mean$/);
    expect(li.attrs['data-method']).toBe('bootstrap-cluster');
    expect(textOf(li)).toBe('mean 17.5% lower');
  });
});
