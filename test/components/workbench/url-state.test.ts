import { describe, expect, it } from 'vitest';
import { formatViewState, parseViewState, DEFAULT_VIEW } from '../../../components/workbench/url-state';

describe('the URL keeps which labels were made from a dropped folder', () => {
  it('writes them 1-based after the labels, and reads them back', () => {
    const view = { ...DEFAULT_VIEW, labels: ['zzhostq7', 'my run', 'zzinstq7'], folderLabels: [0, 2] };
    const search = formatViewState(view);
    expect(search).toBe('?label=zzhostq7&label=my+run&label=zzinstq7&folderlabels=1%2C3');
    expect(parseViewState(search)).toMatchObject({ labels: ['zzhostq7', 'my run', 'zzinstq7'], folderLabels: [0, 2] });
  });

  it('ignores numbers that name no label, and writes nothing when no label came from a folder', () => {
    expect(parseViewState('?label=a&label=b&folderlabels=0,2,3,x,2,1.5').folderLabels).toEqual([1]);
    expect(parseViewState('?label=a&label=b').folderLabels).toEqual([]);
    expect(formatViewState({ ...DEFAULT_VIEW, labels: ['a', 'b'] })).toBe('?label=a&label=b');
  });
});
