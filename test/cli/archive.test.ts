// Archives in (issue 17 §1): `stats --json` on a zip, tar, tar.gz and nested archives equals stats on
// the same traces as plain files, with each file named `archive:member`; each damaged archive gets
// its own message, naming the archive and the member, and never loses the other members.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, parseJsonOutput, runCli, type CliRun } from '../helpers/cli';
import { buildTar, buildTarGz, buildZip, gzip, withMethod, type Member } from '../archive/build-archives';

const temp = makeTempDir('archive');
const dir = temp.dir;
/** s1 and s2 plain, s3 gzipped: as files under dir/x/traces, and as archive members under traces/. */
const members: Member[] = [];
let plain: StatsJson;

interface StatsJson {
  count: number;
  files: { file: string; count: number; warnings: { message: string }[] }[];
  [key: string]: unknown;
}

const stats = async (arg: string): Promise<{ run: CliRun; json: StatsJson }> => {
  const run = await runCli(['stats', '--json', arg], { cwd: dir });
  return { run, json: parseJsonOutput<StatsJson>(run) };
};
/** The JSON with every file name taken through `rename`: what must be equal apart from the names. */
const renamed = (json: StatsJson, rename: (name: string) => string) => ({ ...json, files: json.files.map((f) => ({ ...f, file: rename(f.file) })) });
const write = (name: string, bytes: Uint8Array) => writeFileSync(path.join(dir, name), bytes);
const readme: Member = { path: 'traces/readme.txt', bytes: new TextEncoder().encode('not a trace\n') };

beforeAll(async () => {
  const synth = await runCli(['synth', '--preset', 'flash-on', '--out', 'synth', '--sessions', '3', '--commits', '3000'], { cwd: dir });
  expect(synth.status, synth.stderr).toBe(0);
  const made = readdirSync(path.join(dir, 'synth')).filter((f) => f.endsWith('.trc')).sort();
  expect(made).toHaveLength(3);
  mkdirSync(path.join(dir, 'x/traces'), { recursive: true });
  made.forEach((f, i) => {
    const bytes = new Uint8Array(readFileSync(path.join(dir, 'synth', f)));
    const member = i === 2 ? { path: 'traces/s3.trc.gz', bytes: gzip(bytes) } : { path: `traces/s${i + 1}.trc`, bytes };
    members.push(member);
    writeFileSync(path.join(dir, 'x', member.path), member.bytes);
  });
  const run = await runCli(['stats', '--json', 'traces'], { cwd: path.join(dir, 'x') });
  plain = parseJsonOutput<StatsJson>(run);
  expect(plain.files.map((f) => f.file)).toEqual(['traces/s1.trc', 'traces/s2.trc', 'traces/s3.trc.gz']);
  // Large enough that a stored member is parsed in ranges, in place (1 MiB and up).
  expect(members[0]!.bytes.length).toBeGreaterThan(1 << 20);
}, 120_000);
afterAll(() => temp.remove());

describe('stats on an archive equals stats on its traces as files', () => {
  const cases: [string, () => Promise<Uint8Array>, string][] = [
    ['a deflated zip', () => buildZip([...members, readme]), 'a.zip'],
    ['a stored zip', () => buildZip([...members, readme], { level: 0 }), 'a.zip'],
    ['a tar', () => buildTar([...members, readme]), 'a.tar'],
    ['a tar.gz', () => buildTarGz([...members, readme]), 'a.tgz'],
    ['a zip, named .bin (told by its bytes)', () => buildZip([...members, readme]), 'a.bin'],
  ];
  for (const [what, build, name] of cases) {
    it(what, async () => {
      write(name, await build());
      const { run, json } = await stats(name);
      expect(run.status, run.stderr).toBe(0);
      expect(json.files.map((f) => f.file)).toEqual([`${name}:traces/s1.trc`, `${name}:traces/s2.trc`, `${name}:traces/s3.trc.gz`]);
      expect(renamed(json, (n) => n.replace(`${name}:`, ''))).toEqual(plain);
      expect(run.stderr).toContain(`note: ${name}: skipped 1 member that is not a trace`);
    });
  }

  it('a zip inside a zip, and a tar.gz inside a zip (one level of nesting)', async () => {
    const inner = await buildZip(members);
    const innerTgz = await buildTarGz(members);
    write('outer.zip', await buildZip([{ path: 'inner.zip', bytes: inner }, { path: 'more/logs.tar.gz', bytes: innerTgz }]));
    const { run, json } = await stats('outer.zip');
    expect(run.status, run.stderr).toBe(0);
    const names = json.files.map((f) => f.file);
    expect(names).toEqual([...['s1.trc', 's2.trc', 's3.trc.gz'].map((f) => `outer.zip:inner.zip:traces/${f}`), ...['s1.trc', 's2.trc', 's3.trc.gz'].map((f) => `outer.zip:more/logs.tar.gz:traces/${f}`)]);
    expect(json.count).toBe(2 * plain.count);
    expect(json.files.map((f) => f.count)).toEqual([...plain.files, ...plain.files].map((f) => f.count));
  });

  it('a stored zip inside a stored zip is read in place', async () => {
    write('outer0.zip', await buildZip([{ path: 'inner.zip', bytes: await buildZip(members, { level: 0 }) }], { level: 0 }));
    const { run, json } = await stats('outer0.zip');
    expect(run.status, run.stderr).toBe(0);
    expect(renamed(json, (n) => n.replace('outer0.zip:inner.zip:', ''))).toEqual(plain);
  });

  it('a .trc.gz in a tar, inside a directory given on the command line', async () => {
    mkdirSync(path.join(dir, 'folder'), { recursive: true });
    writeFileSync(path.join(dir, 'folder/bundle.tar'), await buildTar([members[2]!]));
    const { run, json } = await stats('folder');
    expect(run.status, run.stderr).toBe(0);
    expect(json.files.map((f) => f.file)).toEqual(['folder/bundle.tar:traces/s3.trc.gz']);
    expect(json.count).toBe(plain.files[2]!.count);
  });
});

describe('a damaged archive names the archive, the member and the cause, and keeps the other members', () => {
  const s1 = () => plain.files[0]!.count;

  it('an encrypted member', async () => {
    write('enc.zip', await buildZip([members[0]!, { ...members[1]!, password: 'secret' }]));
    const { run, json } = await stats('enc.zip');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain('error: enc.zip:traces/s2.trc: is encrypted: waitscope reads no passwords, so unzip it first');
    expect(json.files.map((f) => f.file)).toEqual(['enc.zip:traces/s1.trc']);
    expect(json.count).toBe(s1());
  });

  it('a compression method it does not read (LZMA, method 14)', async () => {
    write('lzma.zip', withMethod(await buildZip([members[0]!], { level: 0 }), 14));
    const run = await runCli(['stats', 'lzma.zip'], { cwd: dir });
    expect(run.stderr).toContain('error: lzma.zip:traces/s1.trc: uses compression method 14 (LZMA), which waitscope does not read');
    expect(run.status).toBe(2); // nothing left to compute
  });

  it('a tar.gz cut short: how far the member got, and the members before it', async () => {
    const whole = await buildTarGz(members.slice(0, 2));
    // Cut inside s2: its 512-byte header and the first part of its bytes survive.
    const tar = await buildTar(members.slice(0, 2));
    const s2Bytes = members[1]!.bytes.length;
    expect(tar.length).toBeGreaterThan(s2Bytes);
    write('cut.tgz', whole.subarray(0, Math.floor(whole.length * 0.75)));
    const { run, json } = await stats('cut.tgz');
    expect(run.status, run.stderr).toBe(0);
    expect(json.files.map((f) => f.file)).toEqual(['cut.tgz:traces/s1.trc', 'cut.tgz:traces/s2.trc']);
    expect(json.files[0]!.count).toBe(s1());
    const said = json.files[1]!.warnings.map((w) => w.message).join('\n');
    const m = /cut\.tgz:traces\/s2\.trc: the member ends after ([\d,]+) of ([\d,]+) bytes \(the archive is cut short\)/.exec(said);
    expect(m, said).not.toBeNull();
    expect(m![2]).toBe(s2Bytes.toLocaleString('en-US'));
    const got = Number(m![1]!.replaceAll(',', ''));
    expect(got).toBeGreaterThan(0);
    expect(got).toBeLessThan(s2Bytes);
    // What came before the cut was parsed: some of s2's waits, not all.
    expect(json.files[1]!.count).toBeGreaterThan(0);
    expect(json.files[1]!.count).toBeLessThan(plain.files[1]!.count);
  });

  it('a zip cut short: its central directory is gone, so the zip says so', async () => {
    const whole = await buildZip(members.slice(0, 2));
    write('cut.zip', whole.subarray(0, Math.floor(whole.length * 0.75)));
    const run = await runCli(['stats', 'cut.zip'], { cwd: dir });
    expect(run.stderr).toContain('error: cut.zip: no zip central directory at its end: the zip is cut short or damaged');
    expect(run.status).toBe(2);
  });

  it('a zip bomb: a member expanding past the limit is stopped, the others kept', async () => {
    // 24 MiB of one repeated line deflates ~1,000-fold: past the 200× limit once 16 MiB came out.
    const line = new TextEncoder().encode("WAIT #1: nam='log file sync' ela= 1 p1=0 p2=0 p3=0 obj#=-1 tim=1\n");
    const bomb = new Uint8Array(24 << 20);
    for (let at = 0; at + line.length <= bomb.length; at += line.length) bomb.set(line, at);
    write('bomb.zip', await buildZip([members[0]!, { path: 'bomb.trc', bytes: bomb }], { level: 9 }));
    const { run, json } = await stats('bomb.zip');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/warning: skipped bomb\.zip:bomb\.trc: stopped as a zip bomb: it expanded more than 200× its compressed size/);
    expect(json.files.map((f) => f.file)).toEqual(['bomb.zip:traces/s1.trc']);
    expect(json.count).toBe(s1());
  });

  it('an archive three deep', async () => {
    const deepest = await buildZip([members[0]!]);
    write('deep.zip', await buildZip([{ path: 'l1.zip', bytes: await buildZip([{ path: 'l2.zip', bytes: deepest }, members[1]!]) }]));
    const { run, json } = await stats('deep.zip');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain('error: deep.zip:l1.zip:l2.zip: an archive inside an archive inside an archive; waitscope reads one level of nesting, so extract deep.zip:l1.zip first');
    expect(json.files.map((f) => f.file)).toEqual(['deep.zip:l1.zip:traces/s2.trc']);
  });
});

describe('outliers --context on a zip member', () => {
  for (const [what, level] of [['deflated (read from its start)', 6], ['stored (entered near the wait)', 0]] as const) {
    it(`gives the plain file's context lines: ${what}`, async () => {
      write(`ctx${level}.zip`, await buildZip([members[0]!], { level }));
      writeFileSync(path.join(dir, 'ctx.trc'), members[0]!.bytes);
      const args = ['outliers', '--json', '--context', '3'];
      const zipped = await runCli([...args, `ctx${level}.zip`], { cwd: dir });
      const file = await runCli([...args, 'ctx.trc'], { cwd: dir });
      expect(zipped.status, zipped.stderr).toBe(0);
      type Json = { context: { waits: { file: string; lines: { line: number; text: string }[] }[] } };
      const waits = (run: CliRun) => parseJsonOutput<Json>(run).context.waits;
      expect(waits(zipped).length).toBeGreaterThan(0);
      expect(waits(zipped).every((w) => w.lines.length > 0)).toBe(true);
      expect(waits(zipped).map((w) => w.lines)).toEqual(waits(file).map((w) => w.lines));
    });
  }
});
