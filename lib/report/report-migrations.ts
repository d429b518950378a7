/**
 * Upgrades a stored report (a decrypted share, an imported JSON file) to REPORT_VERSION before zod
 * validates it (style.md §7: every old version has a migration).
 *
 * A migration is registered under the version it upgrades FROM and returns JSON of the next
 * version; migrateReport chains them. Each migration is a pure function of plain JSON: never import
 * an old schema's types, they are gone by then.
 *
 * A report from a newer waitscope is an expected failure, not a bug, so it is a value (style.md §8).
 */
import { migrateV1ToV2 } from './migrate-v1-to-v2';
import { REPORT_VERSION } from './report-schema';

/** Takes a report of version `from` (plain JSON, unvalidated) to version `from + 1`. */
export type ReportMigration = (report: Record<string, unknown>) => Record<string, unknown>;

/** Keyed by the version a migration upgrades from. */
export type ReportMigrations = Readonly<Record<number, ReportMigration>>;

export const REPORT_MIGRATIONS: ReportMigrations = { 1: migrateV1ToV2 };

export type MigrationResult =
  | { ok: true; value: unknown }
  | { ok: false; code: 'newer-version' | 'no-migration'; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Brings `json` up to `target` (default REPORT_VERSION). Anything without an integer `version`
 * is handed back unchanged for the schema to reject with its own message.
 */
export function migrateReport(
  json: unknown,
  migrations: ReportMigrations = REPORT_MIGRATIONS,
  target: number = REPORT_VERSION,
): MigrationResult {
  if (!isRecord(json) || !Number.isInteger(json.version)) return { ok: true, value: json };
  let report = json;
  let version = json.version as number;
  if (version > target) {
    return {
      ok: false,
      code: 'newer-version',
      message: `This report is version ${version}, made by a newer waitscope; this one reads versions up to ${target}. Update waitscope to open it.`,
    };
  }
  while (version < target) {
    const migration = migrations[version];
    if (!migration) {
      return { ok: false, code: 'no-migration', message: `No migration from report version ${version} to ${version + 1}.` };
    }
    report = migration(report);
    // A migration that forgets to bump `version` would loop forever or skip a step.
    if (report.version !== version + 1) {
      throw new Error(`Report migration from version ${version} returned version ${String(report.version)}, not ${version + 1}`);
    }
    version += 1;
  }
  return { ok: true, value: report };
}
