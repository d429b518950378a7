/**
 * The only place that creates the analysis Worker (style.md §5). Where workers are unavailable the
 * same AnalysisSession runs on the main thread, behind the same send/subscribe interface.
 */
import { DEFAULT_EVENT } from '../trace/types';
import { AnalysisSession } from './analysis-session';
import { defaultMemoryBudget } from './memory-budget';
import type { WorkerRequest, WorkerResponse } from './protocol';

export interface AnalysisClient {
  send(request: WorkerRequest): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: (message: WorkerResponse) => void): () => void;
  close(): void;
  /** 'worker' normally; 'main-thread' in the fallback. */
  readonly mode: 'worker' | 'main-thread';
}

function fanOut() {
  const listeners = new Set<(m: WorkerResponse) => void>();
  return {
    emit: (m: WorkerResponse) => listeners.forEach((l) => l(m)),
    subscribe(listener: (m: WorkerResponse) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export function createMainThreadClient(memoryBudgetBytes = defaultMemoryBudget(undefined)): AnalysisClient {
  const { emit, subscribe } = fanOut();
  const session = new AnalysisSession(emit, { memoryBudgetBytes, defaultEvent: DEFAULT_EVENT });
  return {
    mode: 'main-thread',
    send(request) {
      session.handle(request).catch((error: unknown) => emit({ type: 'failure', message: error instanceof Error ? error.message : String(error) }));
    },
    subscribe,
    close() {},
  };
}

/** Workers that scan ranges of large files beside the analysis worker: one more core on this 2-core target. */
const RANGE_WORKERS = 1;

export function createAnalysisClient(): AnalysisClient {
  if (typeof Worker === 'undefined') return createMainThreadClient();
  const worker = new Worker(new URL('./analysis-worker.ts', import.meta.url), { type: 'module', name: 'waitscope-analysis' });
  // A range worker parses byte ranges of large plain traces beside the analysis worker (both cores,
  // as the CLI's threads do). If it cannot start, files are read in one pass, as before.
  const helpers: Worker[] = [];
  for (let index = 0; index < RANGE_WORKERS; index++) {
    try {
      const helper = new Worker(new URL('./range-worker.ts', import.meta.url), { type: 'module', name: `waitscope-range-${index + 1}` });
      const channel = new MessageChannel();
      helper.onerror = () => worker.postMessage({ type: 'range-helper-lost', index } satisfies WorkerRequest);
      helper.postMessage({ port: channel.port2 }, [channel.port2]);
      worker.postMessage({ type: 'range-helper', index, port: channel.port1 } satisfies WorkerRequest, [channel.port1]);
      helpers.push(helper);
    } catch {
      break;
    }
  }
  const { emit, subscribe } = fanOut();
  worker.onmessage = (event: MessageEvent<WorkerResponse>) => emit(event.data);
  worker.onerror = (event) => emit({ type: 'failure', message: `The analysis worker failed: ${event.message || 'it could not start'}` });
  return {
    mode: 'worker',
    send: (request) => worker.postMessage(request),
    subscribe,
    close: () => {
      worker.terminate();
      for (const h of helpers) h.terminate();
    },
  };
}

let shared: AnalysisClient | null = null;

/**
 * The page's one client, created on first use. It outlives React's effect cleanups (StrictMode
 * unmounts and remounts every component in development), so a request sent during the first mount
 * is not lost with a terminated worker.
 */
export function sharedAnalysisClient(): AnalysisClient {
  shared ??= createAnalysisClient();
  return shared;
}
