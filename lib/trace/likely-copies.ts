/**
 * Two inputs with the same size and the same first and last 64 KiB are most likely one trace twice
 * (a copy under another name: `x.trc` and `x (1).trc` from a download, or a folder that holds both):
 * every wait, call and session of it would count twice, with no sign of it (a DBA review: R and the
 * sessions doubled). A copy is a guess, so both stay and the user is told; the CLI
 * (lib/node/duplicate-inputs.ts) and the page (lib/worker/dataset-loader.ts) read the ends their way.
 */

import { latin1Text } from './bytes';

/** Bytes compared at each end of two inputs of the same size. */
export const COPY_ENDS_BYTES = 64 * 1024;

/** The inputs (by index) that share their size, above 0 bytes, with another: only those are compared. */
export function copyCandidates(sizes: readonly number[]): number[] {
  const count = new Map<number, number>();
  for (const size of sizes) count.set(size, (count.get(size) ?? 0) + 1);
  return sizes.flatMap((size, i) => (size > 0 && (count.get(size) as number) > 1 ? [i] : []));
}

/**
 * Pairs [later, earlier] of inputs with the same size and the same ends (`ends`: by index, for the
 * candidates; null where they could not be read, which matches nothing), each later one paired with
 * the first such input before it.
 */
export function likelyCopies(sizes: readonly number[], ends: ReadonlyMap<number, string | null>): [number, number][] {
  const firstBy = new Map<string, number>();
  const pairs: [number, number][] = [];
  for (const i of copyCandidates(sizes)) {
    const e = ends.get(i);
    if (e === undefined || e === null) continue;
    const key = `${sizes[i]}\u0000${e}`;
    const first = firstBy.get(key);
    if (first === undefined) firstBy.set(key, i);
    else pairs.push([i, first]);
  }
  return pairs;
}

/** The note for a likely copy, on the later input and naming it first (the page names an input's file once, at its start). */
export function likelyCopyNote(later: string, earlier: string): string {
  return `${later} has the same size and the same first and last 64 KiB as ${earlier}: if one is a copy of the other, its records count twice`;
}

/** An input's first and last COPY_ENDS_BYTES (all of it when smaller) as one string, byte for byte (latin1). */
export function endsText(head: Uint8Array, tail: Uint8Array): string {
  return `${latin1Text(head)}\u0000${latin1Text(tail)}`;
}
