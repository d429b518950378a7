// What a deleted report leaves on disk, and who may read the SQLite files (issue 12 "deleted
// reports"): secure_delete plus a checkpoint after deletes, a 0700 folder and 0600 files.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReportRepository } from '../../lib/server/report-repository';
import { openSqliteRepository } from '../../lib/server/sqlite-repository';

let dir: string;
let file: string;
let repository: ReportRepository;
let now: number;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'waitscope-private-'));
  file = path.join(dir, 'data', 'reports.db');
  now = Date.parse('2026-11-30T12:00:00.000Z');
  repository = openSqliteRepository(file, () => new Date(now));
});

afterEach(async () => {
  await repository.close();
  rmSync(dir, { recursive: true, force: true });
});

const files = () => [file, `${file}-wal`, `${file}-shm`].filter((f) => existsSync(f));

/** Which of the database's files hold these bytes. */
const holding = (bytes: Buffer) => files().filter((f) => readFileSync(f).includes(bytes));

/** Ciphertext is random: a 32-byte run of it occurs nowhere else. Small (one page) and large (overflow pages). */
const ciphertexts = () => [randomBytes(700), randomBytes(200_000)];
const probes = (all: Buffer[]) => all.flatMap((c) => [c.subarray(0, 32), c.subarray(c.length - 32)]);

describe('a deleted report', () => {
  it('leaves no ciphertext in the database or its WAL', async () => {
    const stored = ciphertexts();
    const created = [];
    for (const c of stored) created.push(await repository.create(c, { createdAt: new Date(now), expiresAt: null }));
    // The test can see ciphertext where it is: in the WAL, before any checkpoint.
    for (const probe of probes(stored)) expect(holding(probe)).not.toEqual([]);

    for (const report of created) expect(await repository.delete(report.id, report.deleteToken)).toBe('deleted');
    for (const probe of probes(stored)) expect(holding(probe)).toEqual([]);
    expect(files()).toContain(file);
  });

  it('leaves none when it is purged on expiry either', async () => {
    const stored = ciphertexts();
    for (const c of stored) await repository.create(c, { createdAt: new Date(now), expiresAt: new Date(now + 1000) });
    const kept = randomBytes(700);
    await repository.create(kept, { createdAt: new Date(now), expiresAt: null });
    now += 2000;
    expect(await repository.purgeExpired()).toBe(2);
    for (const probe of probes(stored)) expect(holding(probe)).toEqual([]);
    expect(holding(kept.subarray(0, 32))).toEqual([file]);
  });
});

describe('file modes', () => {
  it('creates the data folder 0700 and the database, WAL and shared-memory files 0600', async () => {
    await repository.create(randomBytes(100), { createdAt: new Date(now), expiresAt: null });
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(files().map((f) => [path.basename(f), (statSync(f).mode & 0o777).toString(8)])).toEqual([
      ['reports.db', '600'],
      ['reports.db-wal', '600'],
      ['reports.db-shm', '600'],
    ]);
  });
});
