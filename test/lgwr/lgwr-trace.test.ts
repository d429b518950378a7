import { describe, expect, test } from 'vitest';
import { readCommitPathFile } from '../../lib/lgwr/commit-path-input';
import { isLgwrTrace } from '../../lib/lgwr/lgwr-trace';
import { emptyFacts, readHeaderLine } from '../../lib/trace/header-facts';

describe('recognising an LGWR trace', () => {
  test('by the process line: (LGWR) and the 12c+ workers (LG00), not a foreground', () => {
    const facts = (line: string) => {
      const f = emptyFacts();
      readHeaderLine(line, f);
      return f;
    };
    expect(facts('Unix process pid: 495, image: oracle@oravm01.jks.com (LGWR)').processName).toBe('LGWR');
    expect(facts('Unix process pid: 495, image: oracle@oravm01.jks.com (LGWR)').pid).toBe('495');
    expect(isLgwrTrace('x.trc', facts('Unix process pid: 77, image: oracle@db1 (LG00)'))).toBe(true);
    expect(isLgwrTrace('x.trc', facts('Unix process pid: 78, image: oracle@db1 (DBW0)'))).toBe(false);
    // A foreground's image has no process name; then only Oracle's file name tells.
    expect(facts('Unix process pid: 21000, image: oracle@cpath-db01').processName).toBe(null);
    expect(isLgwrTrace('orcl_lgwr_4242.trc', emptyFacts())).toBe(true);
    expect(isLgwrTrace('dir/orcl_lg01_4242.trc.gz', emptyFacts())).toBe(true);
    expect(isLgwrTrace('orcl_ora_4242.trc', emptyFacts())).toBe(false);
    // The process line wins over the name: a foreground copied under an LGWR-like name is not LGWR's.
    expect(isLgwrTrace('orcl_lgwr_1.trc', facts('Unix process pid: 9, image: oracle@db1 (TNS V1-V3)'))).toBe(false);
  });

  test('a file that is no trace gets an error naming it, not a crash', async () => {
    // bzip2: a compression waitscope does not read (a zip is an archive now, read by lib/archive before this).
    async function* bytes(): AsyncGenerator<Uint8Array> {
      yield new TextEncoder().encode('BZh91AY&SY');
    }
    await expect(readCommitPathFile('a.bz2', bytes)).rejects.toThrow(/^a\.bz2: a bzip2 file, which waitscope does not read/);
  });
});
