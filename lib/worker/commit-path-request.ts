/**
 * The commit path of a dataset in the page (issue 16 §2): each trace file read again for the
 * pairing (lib/lgwr/commit-path-input.ts, the parser's own scan with a visitor), then paired
 * (pair-commit-path.ts), exactly as `waitscope lgwr` does. Computed when the Commit path view
 * opens, and kept per dataset until its files change.
 */
import { readCommitPathFile, type CommitPathFile } from '../lgwr/commit-path-input';
import { pairCommitPath, type CommitPathReport } from '../lgwr/pair-commit-path';
import type { DatasetState } from './dataset-state';
import { openInput } from './file-chunks';
import type { Post, QuestionOf } from './protocol';

export interface DatasetCommitPath {
  datasetId: string;
  /** null when the dataset has no LGWR trace (nothing to pair, nothing to say). */
  report: CommitPathReport | null;
}

async function datasetCommitPath(d: DatasetState): Promise<DatasetCommitPath> {
  const entries = d.traces.filter((t) => t.result !== null && t.result.outcome.kind !== 'not-a-trace');
  if (!entries.some((t) => t.status.lgwr === true)) return { datasetId: d.id, report: null };
  const files: CommitPathFile[] = [];
  for (const entry of entries) {
    try {
      files.push(await readCommitPathFile(entry.name, () => openInput(entry)));
    } catch (error) {
      throw new Error(`${entry.name} could not be read again for the commit path: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { datasetId: d.id, report: pairCommitPath(files) };
}

/** Each dataset's pairing, kept until its trace files change; a failed pass is tried again next time. */
export class CommitPathCache {
  private readonly kept = new WeakMap<DatasetState, { files: File[]; result: Promise<DatasetCommitPath> }>();

  of(d: DatasetState): Promise<DatasetCommitPath> {
    const files = d.traces.map((t) => t.file);
    const k = this.kept.get(d);
    if (k && k.files.length === files.length && k.files.every((f, i) => f === files[i])) return k.result;
    const result = datasetCommitPath(d);
    const entry = { files, result };
    this.kept.set(d, entry);
    result.catch(() => {
      if (this.kept.get(d) === entry) this.kept.delete(d);
    });
    return result;
  }

  async answer(request: QuestionOf<'commit-path'>, datasets: readonly DatasetState[], post: Post): Promise<void> {
    const { requestId } = request;
    const loading = datasets.find((d) => d.state === 'loading');
    if (loading) return post({ type: 'request-failed', requestId, stale: true, message: `${loading.id} is still being read` });
    try {
      post({ type: 'commit-path', requestId, results: await Promise.all(datasets.map((d) => this.of(d))) });
    } catch (error) {
      post({ type: 'request-failed', requestId, message: `The commit path could not be computed: ${error instanceof Error ? error.message : String(error)}` });
    }
  }
}
