/**
 * The outlier panel's requests (issue 6): the lists and clusters of each dataset, a page of a
 * selection and its CSV, the co-occurrence of a cluster's windows and the trace lines around a wait
 * (outlier-requests.ts computes them; outlier-cache.ts keeps the passes). Each dataset is read
 * through `peek`, so a time window cuts them as it cuts everything else (dataset-windows.ts).
 */
import type { DatasetState } from './dataset-state';
import type { OutlierCache } from './outlier-cache';
import { contextOf, selectionCsv, selectPage } from './outlier-requests';
import type { Post, Question } from './protocol';

export type InvestigateQuestion = Extract<Question, { type: 'outliers' | 'select' | 'export-selection' | 'co-occurrence' | 'context' }>;

export async function investigate(request: InvestigateQuestion, src: { peek: (datasetId: string) => DatasetState; passes: OutlierCache; post: Post }): Promise<void> {
  const { peek, passes, post } = src;
  const { requestId } = request;
  try {
    switch (request.type) {
      case 'outliers': {
        const results = request.datasets.flatMap((spec) => {
          const r = passes.outliers(peek(spec.datasetId), spec.label, { top: request.top, thresholds: request.thresholds });
          return r ? [r] : [];
        });
        return post({ type: 'outliers', requestId, results });
      }
      case 'select':
        return post({ type: 'selection', requestId, page: selectPage(peek, request.parts, request.offset, request.limit) });
      case 'export-selection': {
        const { blob, rows } = selectionCsv(peek, request.parts);
        return post({ type: 'selection-csv', requestId, blob, rows });
      }
      case 'co-occurrence': {
        const activity = await passes.coOccurrence(peek(request.datasetId), request.windows);
        return post({ type: 'co-occurrence', requestId, datasetId: request.datasetId, activity });
      }
      case 'context': {
        const context = await contextOf(peek(request.datasetId), request.fileIndex, request.offset, request.line, request.before, request.after);
        if (typeof context === 'string') return post({ type: 'request-failed', requestId, message: context });
        return post({ type: 'context', requestId, context });
      }
    }
  } catch (error) {
    post({ type: 'request-failed', requestId, message: `waitscope could not compute that: ${error instanceof Error ? error.message : String(error)}` });
  }
}
