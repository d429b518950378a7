import { describe, expect, it } from 'vitest';
import { buildReport } from '../../lib/report/build-report';
import { findPrivateStrings, privateStrings } from '../../lib/share/private-strings';

const report = buildReport(
  [
    {
      id: 'd1',
      label: 'cdb1',
      source: 'traces',
      values: Float64Array.of(1, 2, 3),
      sessions: null,
      files: [{ name: 'cdb1/diag/rdbms/cdb/cdb1/trace/cdb1_ora_3802.trc', bytes: 10, compression: 'none', oracleVersion: null, outcome: 'parsed', waits: 3, host: 'dbhost7', instance: 'CDB1' }],
    },
  ],
  { event: 'log file sync', baseline: 0, generatorVersion: 't', createdAt: '2026-11-30T00:00:00Z', bootstrap: false },
);

describe('privateStrings / findPrivateStrings', () => {
  it('lists the unticked names: host, instance, the file, its base name and stem, the instance before _ora_, the non-layout folders', () => {
    const names = privateStrings(report, { includeHosts: false, includeFileNames: false }).map((p) => `${p.kind}:${p.text}`);
    expect(names.sort()).toEqual(
      [
        'host name:dbhost7',
        'instance name:CDB1',
        'file name:cdb1/diag/rdbms/cdb/cdb1/trace/cdb1_ora_3802.trc',
        'file name:cdb1_ora_3802.trc',
        'file name:cdb1_ora_3802',
        'folder name:cdb', // diag, rdbms and trace are Oracle's layout; cdb1 is already listed (as the instance)
      ].sort(),
    );
    expect(privateStrings(report, { includeHosts: true, includeFileNames: true })).toEqual([]);
  });

  it('finds a name where it stands alone, in any case, and says where', () => {
    const names = privateStrings(report, { includeHosts: false, includeFileNames: false });
    const payload = { datasets: [{ label: 'cdb1', note: 'cdb1s traces', files: [{ name: 'file 1', sha256: 'ab12cdb1' + '0'.repeat(56) }] }] };
    expect(findPrivateStrings(payload, names)).toEqual([{ text: 'CDB1', kind: 'instance name', places: ['the label of dataset 1'], count: 1 }]);
  });

  it("does not take Oracle's words for a name: event names and profile rows are not searched (23ai Free's instance is FREE)", () => {
    const payload = { event: 'Free private memory to OS', profile: { rows: [{ component: 'Free private memory to OS [between calls]' }] }, datasets: [{ label: 'free lunch' }] };
    const hits = findPrivateStrings(payload, [{ text: 'FREE', kind: 'instance name' }]);
    expect(hits).toEqual([{ text: 'FREE', kind: 'instance name', places: ['the label of dataset 1'], count: 1 }]);
  });
});
