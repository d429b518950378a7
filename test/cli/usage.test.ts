// Command lines the CLI cannot run: exit status 1, a one-line reason and the usage on stderr.
import { describe, expect, it } from 'vitest';
import { fixturePath, runCli } from '../helpers/cli';

describe('waitscope usage errors', () => {
  it.each([
    ['an unknown command', ['frobnicate', fixturePath('v11g-commit-loop.trc')], "unknown command 'frobnicate'"],
    ['an unknown option', ['stats', '--bogus', fixturePath('v11g-commit-loop.trc')], '--bogus'],
    ['no input', ['stats', '--json'], 'no input'],
    ['an empty --event', ['stats', '--event', ' ', fixturePath('v11g-commit-loop.trc')], '--event needs an event name'],
    ['--workers 0', ['profile', '--workers', '0', fixturePath('v11g-commit-loop.trc')], '--workers must be a whole number'],
    ['--workers two', ['stats', '--workers', 'two', fixturePath('v11g-commit-loop.trc')], "not 'two'"],
    // compare and outliers check the common options with the same code as stats and profile.
    ['compare --workers 0', ['compare', '--workers', '0', fixturePath('v11g-commit-loop.trc'), '--vs', fixturePath('v19c-session.trc')], "--workers must be a whole number ≥ 1, not '0'"],
    ['compare with an empty --event', ['compare', '--event', '', fixturePath('v11g-commit-loop.trc'), '--vs', fixturePath('v19c-session.trc')], '--event needs an event name'],
    ['outliers --top x', ['outliers', '--top', 'x', fixturePath('v11g-commit-loop.trc')], "--top must be a whole number ≥ 0, not 'x'"],
    ['outliers with no input', ['outliers', '--json'], 'no input'],
  ])('%s exits with status 1 and prints the usage', async (_label, args, reason) => {
    const run = await runCli(args);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    const [first, ...rest] = run.stderr.split('\n');
    expect(first).toMatch(/^waitscope: /);
    expect(first).toContain(reason);
    expect(rest.join('\n')).toMatch(/^usage:\n\s+waitscope stats .*\n\s+waitscope profile /);
  });

  it('prints the usage on stdout with status 1 when run without a command, 0 for --help', async () => {
    const bare = await runCli([]);
    expect(bare.status).toBe(1);
    expect(bare.stdout).toMatch(/^usage:/);
    const help = await runCli(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toBe(bare.stdout);
  });

  it.each(['stats', 'profile', 'statements', 'compare', 'report', 'outliers', 'flashlog', 'export'])('%s --help prints the usage on stdout with status 0, even after other options', async (command) => {
    const bare = await runCli([]);
    for (const args of [[command, '--help'], [command, '--json', '-h', fixturePath('v11g-commit-loop.trc')]]) {
      const help = await runCli(args);
      expect(help.status).toBe(0);
      expect(help.stderr).toBe('');
      expect(help.stdout).toBe(bare.stdout);
    }
  });

  it('reads --help after -- as a file name, not a request for help', async () => {
    const run = await runCli(['stats', '--', '--help']);
    expect(run.status).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('--help');
  });
});

describe('the bin file started directly (through sh, its first two lines)', () => {
  it('runs without NODE_EXTRA_CA_CERTS, which Node would otherwise load at start-up', async () => {
    const { execFile } = await import('node:child_process');
    const { BIN } = await import('../helpers/cli');
    const run = (file: string, args: string[]) =>
      new Promise<{ stdout: string; stderr: string }>((resolve, reject) =>
        execFile(file, args, { env: { ...process.env, NODE_EXTRA_CA_CERTS: '/nonexistent/waitscope-test.pem' } }, (error, stdout, stderr) =>
          error ? reject(error) : resolve({ stdout, stderr }),
        ),
      );
    // The control: plain `node` tries to load the named bundle and warns that it cannot.
    const viaNode = await run(process.execPath, [BIN, '--help']);
    expect(viaNode.stderr).toContain('extra certs');
    const direct = await run(BIN, ['--help']);
    expect(direct.stdout).toMatch(/^usage:/);
    expect(direct.stderr).toBe('');
  });
});
