// Parses trace text (or fixtures) into a dataset with the real parser, for the outlier tests.
import { readFileSync } from 'node:fs';
import { combineFiles, type Dataset } from '../../lib/trace/dataset';
import { parseTrace } from '../../lib/trace/parse-trace';
import { chunksOf } from '../helpers/chunks';

export const encode = (text: string) => new TextEncoder().encode(text);

export async function datasetOf(files: { name: string; text: string | Uint8Array }[], event = 'log file sync'): Promise<Dataset> {
  const results = await Promise.all(
    files.map((f, fileIndex) => {
      const bytes = typeof f.text === 'string' ? encode(f.text) : f.text;
      return parseTrace(chunksOf(bytes, 4096), { fileName: f.name, fileIndex, event });
    }),
  );
  return combineFiles(event, results);
}

export function fixtureText(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`../fixtures/${name}`, import.meta.url)));
}
