// Issue 15 §1: the page's response-time profile of a dataset with a time window is the profile of
// the calls and waits ending inside its From and To, as `waitscope profile --json --from … --to …`
// prints it for the same file; the window's skips cut the waits' statistics only, and say so.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { profileTable } from '../../lib/profile/profile-rows';
import { NO_WINDOW, parseDuration, parseWindowEdge } from '../../lib/scope/time-window';
import { createAsker } from '../../lib/worker/asker';
import type { DatasetCallProfile } from '../../lib/worker/profile-request';
import type { Ask } from '../../lib/worker/protocol';
import { fixturePath, parseJsonOutput, runCli } from '../helpers/cli';
import { SessionHarness } from './session-harness';

const FILE = 'v19c-session.trc';
// Inside the session's calls: its first 'log file sync' ends at tim 7773030169821, its last CLOSE at 7773030402156.
const FROM = 'tim:7773030169821';
const TO = 'tim:7773030300000';

async function profileOf(ask: Ask): Promise<DatasetCallProfile> {
  const reply = await ask('profiles', { datasetIds: ['d1'], thinkTimeMicros: 1_000_000 });
  if (reply.type !== 'profiles') throw new Error(reply.message);
  return reply.profiles[0]!;
}

interface CliProfile {
  calls: unknown[];
  responseTime: { total: number; sessions: number; rows: unknown[] };
}

describe("the page's profile of a window", () => {
  it('equals profile --json --from --to of the same file, and is computed again for another window', async () => {
    const h = new SessionHarness();
    const asker = createAsker((r) => void h.send(r));
    h.onMessage = (m) => void asker.receive(m);
    await h.send({ type: 'add-files', datasetId: 'd1', files: [{ file: new File([readFileSync(fixturePath(FILE))], FILE), path: FILE }], event: 'log file sync' });
    const whole = await profileOf(asker.ask);
    await h.send({ type: 'set-window', datasetId: 'd1', window: { ...NO_WINDOW, from: parseWindowEdge(FROM, 'From'), to: parseWindowEdge(TO, 'To') } });
    const got = await profileOf(asker.ask);
    const cli = parseJsonOutput<CliProfile>(await runCli(['profile', '--json', '--workers', '1', '--from', FROM, '--to', TO, fixturePath(FILE)]));
    const table = profileTable(got.profile!);
    expect({ total: table.total, rows: table.rows }).toEqual({ total: cli.responseTime.total, rows: cli.responseTime.rows });
    expect(got.profile!.calls).toEqual(cli.calls);
    expect(got.notes).toEqual([`The calls and waits ending in the window from ${FROM}, to ${TO} (exclusive) only.`]);
    // The window leaves some of the whole run out.
    expect(table.total).toBeLessThan(profileTable(whole.profile!).total);
    expect(table.total).toBeGreaterThan(0);

    // Skips alone: the whole run's profile, and a note that they cut the waits' statistics only.
    await h.send({ type: 'set-window', datasetId: 'd1', window: { ...NO_WINDOW, skipFirstMicros: parseDuration('1ms', 'Skip first') } });
    const skipped = await profileOf(asker.ask);
    expect(profileTable(skipped.profile!).total).toBe(profileTable(whole.profile!).total);
    expect(skipped.notes).toEqual(["The window's skipped first and last seconds of each session cut the waits' statistics, not this profile (as in the CLI)."]);
  });
});
