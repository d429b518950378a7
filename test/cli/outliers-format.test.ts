// Trace text reaches a terminal: control characters must arrive escaped, never raw.
import { describe, expect, it } from 'vitest';
import { linesAfter } from '../../lib/cli/outliers-command';
import { safeText } from '../../lib/cli/terminal-text';

describe('outliers text output', () => {
  it('escapes control characters (ESC, BEL, CR, C1) and keeps tabs and other text', () => {
    expect(safeText('update t\u001b[2J set x = 1\u0007\r')).toBe('update t\\x1b[2J set x = 1\\x07\\x0d');
    expect(safeText('a\tb Größe € \u009b')).toBe('a\tb Größe € \\x9b');
  });

  it('shows ceil(K/3) lines after a wait for --context K (30 → 10, as in the browser view)', () => {
    expect([0, 1, 3, 4, 30].map(linesAfter)).toEqual([0, 1, 1, 2, 10]);
  });
});
