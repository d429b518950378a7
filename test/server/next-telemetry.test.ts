// Nothing leaves the machine unless the user asks (README, Privacy): Next's anonymous telemetry is
// on by default, and `next build` (run by `npm start`) posted to telemetry.nextjs.org. next.config.js
// turns it off for every Next command that loads it; checked in a fresh Node without the variable.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('next.config.js', () => {
  it('turns Next telemetry off when it is loaded', () => {
    const config = fileURLToPath(new URL('../../next.config.js', import.meta.url));
    const env = { ...process.env };
    delete env.NEXT_TELEMETRY_DISABLED;
    const script = `await import(${JSON.stringify(config)}); process.stdout.write(String(process.env.NEXT_TELEMETRY_DISABLED));`;
    expect(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' })).toBe('1');
  });
});
