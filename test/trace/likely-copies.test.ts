// Likely copies (lib/trace/likely-copies.ts): inputs of the same size whose first and last 64 KiB are
// the same; the CLI's and the page's notes both come from here.
import { describe, expect, it } from 'vitest';
import { copyCandidates, endsText, likelyCopies, likelyCopyNote } from '../../lib/trace/likely-copies';

describe('likely copies', () => {
  it('compares only inputs that share a size above 0 bytes', () => {
    expect(copyCandidates([10, 20, 10, 0, 0, 30, 20])).toEqual([0, 1, 2, 6]);
    expect(copyCandidates([5, 6, 7])).toEqual([]);
  });

  it('pairs each later input with the first earlier one of the same size and ends; unread ends match nothing', () => {
    const sizes = [10, 10, 10, 10, 12, 12];
    const ends = new Map<number, string | null>([
      [0, 'x'],
      [1, 'y'],
      [2, 'x'],
      [3, 'x'],
      [4, null],
      [5, null],
    ]);
    expect(likelyCopies(sizes, ends)).toEqual([
      [2, 0],
      [3, 0],
    ]);
    // The same ends at another size are another file.
    expect(likelyCopies([10, 11], new Map([[0, 'x'], [1, 'x']]))).toEqual([]);
  });

  it('keeps every byte of both ends apart (a head that ends where a tail starts is not the same)', () => {
    expect(endsText(new Uint8Array([0x61, 0xff]), new Uint8Array([0x62]))).toBe('a\u00ff\u0000b');
    expect(endsText(new Uint8Array([0x61]), new Uint8Array([0xff, 0x62]))).not.toBe(endsText(new Uint8Array([0x61, 0xff]), new Uint8Array([0x62])));
    // Longer than one String.fromCharCode batch.
    const long = new Uint8Array(20_000).map((_, i) => i % 251);
    expect(endsText(long, long)).toHaveLength(40_001);
    expect(endsText(long, long).charCodeAt(19_999)).toBe(19_999 % 251);
  });

  it('names the later input first, then the one it may copy', () => {
    expect(likelyCopyNote('b.trc', 'a.trc')).toBe('b.trc has the same size and the same first and last 64 KiB as a.trc: if one is a copy of the other, its records count twice');
  });
});
