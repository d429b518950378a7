// The CLI's per-command V8 flags (lib/node/v8-flags.ts): only `profile` runs without on-stack
// replacement and with Sparkplug from the first call, and a process with flags names its code caches after them.
import { afterEach, describe, expect, it } from 'vitest';
import { codeCacheSuffix, commandV8Flags } from '../../lib/node/v8-flags';

const saved = process.env.WAITSCOPE_V8_FLAGS;
afterEach(() => {
  if (saved === undefined) delete process.env.WAITSCOPE_V8_FLAGS;
  else process.env.WAITSCOPE_V8_FLAGS = saved;
});

describe('per-command V8 flags', () => {
  it('turns off on-stack replacement and compiles baseline code at once, for profile only', () => {
    expect(commandV8Flags('profile')).toBe('--no-use-osr --always-sparkplug');
    for (const command of ['stats', 'compare', 'outliers', 'statements', 'export', 'report', undefined]) expect(commandV8Flags(command)).toBe('');
  });

  it('names the code cache after the flags, and not at all without them', () => {
    delete process.env.WAITSCOPE_V8_FLAGS;
    expect(codeCacheSuffix()).toBe('');
    process.env.WAITSCOPE_V8_FLAGS = '--no-use-osr --always-sparkplug';
    expect(codeCacheSuffix()).toBe('.no-use-osr-always-sparkplug');
  });
});
