import { describe, expect, it } from 'vitest';
import { UsageError } from '../../lib/cli/args';
import { parseSynthArgs } from '../../lib/cli/synth-command';

describe('synth --workload commit-path arguments', () => {
  it('has its defaults: 4 sessions of 400 commits, LGWR traced with 10046, ms stamps, one tim clock', () => {
    expect(parseSynthArgs(['--workload', 'commit-path', '--out', 'x'])).toEqual({
      workload: 'commit-path',
      preset: 'flash-on',
      release: null,
      sessions: 4,
      commits: 400,
      seed: 1,
      out: 'x',
      truth: true,
      commitPath: { lgwrTrace: 'waits', stamps: 'ms', lgwrTimOffset: 0 },
    });
    expect(parseSynthArgs(['--workload', 'commit-path', '--out', 'x', '--lgwr-trace', 'warnings', '--stamps', 'us', '--lgwr-tim-offset', '5000'])).toMatchObject({ commitPath: { lgwrTrace: 'warnings', stamps: 'us', lgwrTimOffset: 5000 } });
  });

  it.each([
    [['--workload', 'commit-path'], 'synth needs --out DIR'],
    [['--workload', 'commit-path', '--out', 'x', '--lgwr-trace', 'both'], "--lgwr-trace must be waits or warnings, not 'both'"],
    [['--workload', 'commit-path', '--out', 'x', '--stamps', 'ns'], "--stamps must be ms or us, not 'ns'"],
    [['--workload', 'commit-path', '--out', 'x', '--sessions', '0'], "--sessions must be a whole number from 1 to 64, not '0'"],
  ])('%j is a usage error: %s', (argv, reason) => {
    expect(() => parseSynthArgs(argv)).toThrow(UsageError);
    expect(() => parseSynthArgs(argv)).toThrow(reason);
  });
});
