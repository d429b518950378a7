// A PostgreSQL server for the tests of the PostgreSQL report store.
//
// With WAITSCOPE_TEST_DATABASE_URL (or DATABASE_URL) set, that server is used. Otherwise a
// throwaway cluster is made in a temp folder with initdb and started with pg_ctl on a free
// loopback port, and removed afterwards. initdb refuses to run as root, so as root it runs as the
// `postgres` user (made by Debian's package) or `nobody`, through runuser.
//
// When the programs are missing, scripts/ensure-postgres.sh installs Debian's package (as root)
// first. If that fails the tests FAIL with the reason: they never skip, in CI or elsewhere.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT } from './next-app';
import { freePort } from './free-port';

export interface TestPostgres {
  /** postgres://… of a database the tests may create schemas in. */
  url: string;
  /** Where it came from, for test names and messages. */
  source: 'env' | 'throwaway';
  stop(): Promise<void>;
}

const SETUP_HINT =
  'Install PostgreSQL (Debian: apt-get install postgresql, or run scripts/ensure-postgres.sh as root) ' +
  'or set WAITSCOPE_TEST_DATABASE_URL=postgres://user@host:port/db.';

/** util-linux's runuser; root's PATH has /usr/sbin, but a CI runner's may not. */
const RUNUSER = ['/usr/sbin/runuser', '/sbin/runuser'].find((p) => existsSync(p)) ?? 'runuser';

function run(command: string, args: string[], asUser: string | null): { ok: boolean; output: string } {
  const [cmd, argv] = asUser ? [RUNUSER, ['-u', asUser, '--', command, ...args]] : [command, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8', timeout: 120_000 });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`;
  return { ok: result.status === 0, output };
}

/** The folder holding initdb and pg_ctl: PATH first, then Debian's /usr/lib/postgresql/<major>/bin. */
function findPgBin(): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  const debian = '/usr/lib/postgresql';
  const majors = existsSync(debian) ? readdirSync(debian).filter((v) => /^\d+$/.test(v)) : [];
  for (const major of majors.sort((a, b) => Number(b) - Number(a))) {
    const dir = path.join(debian, major, 'bin');
    if (existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  return null;
}

function ensurePgBin(): string {
  const found = findPgBin();
  if (found) return found;
  const ensure = spawnSync('bash', [path.join(ROOT, 'scripts/ensure-postgres.sh')], { encoding: 'utf8', timeout: 600_000 });
  const after = findPgBin();
  if (after) return after;
  throw new Error(
    `PostgreSQL is required for the PostgreSQL store tests and could not be made available.\n` +
      `${SETUP_HINT}\nscripts/ensure-postgres.sh said:\n${ensure.stdout ?? ''}${ensure.stderr ?? ''}`,
  );
}

/** Who runs the server: this user, or, as root, an unprivileged one. */
function serverUser(): { name: string; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (uid.status === 0 && gid.status === 0) return { name, uid: Number(uid.stdout), gid: Number(gid.stdout) };
  }
  throw new Error(`Running as root, but there is neither a 'postgres' nor a 'nobody' user to run PostgreSQL as. ${SETUP_HINT}`);
}

async function startThrowaway(): Promise<TestPostgres> {
  const bin = ensurePgBin();
  const user = serverUser();
  const dir = mkdtempSync(path.join(tmpdir(), 'waitscope-pg-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  const as = user?.name ?? null;
  const cleanup = () => rmSync(dir, { recursive: true, force: true });

  const init = run(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync'], as);
  if (!init.ok) {
    cleanup();
    throw new Error(`initdb failed (${bin}):\n${init.output}\n${SETUP_HINT}`);
  }

  // A free port can be taken between the probe and the start: try a few.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c full_page_writes=off`;
    const start = run(path.join(bin, 'pg_ctl'), ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start'], as);
    if (start.ok) {
      return {
        url: `postgres://postgres@127.0.0.1:${port}/postgres`,
        source: 'throwaway',
        async stop() {
          run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], as);
          cleanup();
        },
      };
    }
    if (attempt === 3) {
      const serverLog = existsSync(log) ? readFileSync(log, 'utf8') : '';
      cleanup();
      throw new Error(`pg_ctl start failed:\n${start.output}\n${serverLog}`);
    }
  }
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const url = process.env.WAITSCOPE_TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (url) return { url, source: 'env', stop: async () => undefined };
  return startThrowaway();
}

/**
 * A new empty schema on that server, and the pool settings that make it the default, so each test
 * (and each run against a shared DATABASE_URL) starts from nothing. Dropped by the returned drop().
 */
export async function freshSchema(url: string): Promise<{ config: pg.PoolConfig; drop(): Promise<void> }> {
  const schema = `waitscope_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await client.end();
  }
  return {
    config: { connectionString: url, options: `-c search_path=${schema}` },
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`DROP SCHEMA ${schema} CASCADE`);
      } finally {
        await c.end();
      }
    },
  };
}
