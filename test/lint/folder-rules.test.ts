// Proves the folder rules in eslint.config.mjs bite, then holds the real code to them.
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

async function lintAt(filePath: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath });
  if (!result) throw new Error(`ESLint returned no result for ${filePath}`);
  return result.messages;
}

function errorsOf(messages: Linter.LintMessage[], ruleId: string): Linter.LintMessage[] {
  return messages.filter((m) => m.ruleId === ruleId && m.severity === 2);
}

const IMPORT_REACT = "import { useState } from 'react';\nexport const hook = useState;\n";

describe('folder rules', () => {
  it('forbids react in the pure lib core', async () => {
    const messages = await lintAt('lib/trace/x.ts', IMPORT_REACT);
    expect(errorsOf(messages, 'no-restricted-imports')).toHaveLength(1);
  });

  it('forbids next and its subpaths in the pure lib core', async () => {
    const messages = await lintAt(
      'lib/stats/x.ts',
      "import type { NextConfig } from 'next';\nimport { notFound } from 'next/navigation';\nexport type C = NextConfig;\nexport const n = notFound;\n",
    );
    expect(errorsOf(messages, 'no-restricted-imports')).toHaveLength(2);
  });

  it('forbids DOM-only globals in the pure lib core', async () => {
    const messages = await lintAt('lib/trace/x.ts', 'export const title = () => document.title;\n');
    expect(errorsOf(messages, 'no-restricted-globals')).toHaveLength(1);
  });

  it('forbids window, localStorage and alert in the pure lib core', async () => {
    const messages = await lintAt(
      'lib/report/x.ts',
      "export function f() {\n  alert(window.name + localStorage.getItem('k'));\n}\n",
    );
    expect(errorsOf(messages, 'no-restricted-globals')).toHaveLength(3);
  });

  it('allows react in components/', async () => {
    const messages = await lintAt('components/X.tsx', IMPORT_REACT);
    expect(errorsOf(messages, 'no-restricted-imports')).toHaveLength(0);
  });

  it('forbids Node built-ins in the pure lib core', async () => {
    const code = "import fs from 'node:fs';\nexport const read = fs.readFileSync;\n";
    expect(errorsOf(await lintAt('lib/stats/x.ts', code), 'no-restricted-imports')).toHaveLength(1);
    const bare = "import { gunzipSync } from 'zlib';\nexport const g = gunzipSync;\n";
    expect(errorsOf(await lintAt('lib/trace/x.ts', bare), 'no-restricted-imports')).toHaveLength(1);
  });

  it('allows Node built-ins in lib/node, lib/cli and lib/server', async () => {
    const code = "import fs from 'node:fs';\nimport path from 'path';\nexport const p = [fs, path];\n";
    for (const file of ['lib/node/x.ts', 'lib/cli/x.ts', 'lib/server/x.ts']) {
      expect(errorsOf(await lintAt(file, code), 'no-restricted-imports'), file).toHaveLength(0);
    }
  });

  it('forbids lib/ from importing components/ or app/, by alias or relative path', async () => {
    const code =
      "import { A } from '@/components/A';\nimport { B } from '../../app/b';\nexport const x = [A, B];\n";
    for (const file of ['lib/trace/x.ts', 'lib/node/x.ts', 'lib/server/x.ts']) {
      expect(errorsOf(await lintAt(file, code), 'no-restricted-imports'), file).toHaveLength(2);
    }
  });

  it('forbids components/ from importing lib/server, lib/node or lib/cli', async () => {
    const code =
      "import { s } from '@/lib/server/store';\nimport { n } from '../lib/node/read-file';\nimport { c } from '@/lib/cli/main';\nexport const x = [s, n, c];\n";
    expect(errorsOf(await lintAt('components/X.tsx', code), 'no-restricted-imports')).toHaveLength(3);
  });

  it('lets app/ use lib/server but not lib/node or lib/cli', async () => {
    const server = "import { s } from '@/lib/server/store';\nexport const x = s;\n";
    expect(errorsOf(await lintAt('app/api/share/route.ts', server), 'no-restricted-imports')).toHaveLength(0);
    expect(errorsOf(await lintAt('app/page.tsx', server), 'no-restricted-imports')).toHaveLength(0);
    const node = "import { n } from '../../lib/node/read-file';\nexport const x = n;\n";
    expect(errorsOf(await lintAt('app/api/x/route.ts', node), 'no-restricted-imports')).toHaveLength(1);
  });

  it('lets components/ and the pure core import the pure core', async () => {
    const code = "import { asMicros } from '@/lib/units';\nexport const m = asMicros(1);\n";
    expect(errorsOf(await lintAt('components/X.tsx', code), 'no-restricted-imports')).toHaveLength(0);
    expect(errorsOf(await lintAt('lib/stats/x.ts', "import { asMicros } from '../units';\nexport const m = asMicros;\n"), 'no-restricted-imports')).toHaveLength(0);
  });
});

describe('the real code', () => {
  it('has no lint errors in lib/, app/ and components/', async () => {
    const results = await eslint.lintFiles(['lib', 'app', 'components']);
    const errors = results.flatMap((r) =>
      r.messages
        .filter((m) => m.severity === 2)
        .map((m) => `${r.filePath.slice(ROOT.length)}:${m.line}:${m.column} ${m.ruleId ?? ''} ${m.message}`),
    );
    expect(errors).toEqual([]);
  });
});
