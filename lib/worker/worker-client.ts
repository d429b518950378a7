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

/** Slice readers started beside the analysis worker (see slice-reader-worker.ts). */
const SLICE_READERS = 2;

export function createAnalysisClient(): AnalysisClient {
  if (typeof Worker === 'undefined') return createMainThreadClient();
  const worker = new Worker(new URL('./analysis-worker.ts', import.meta.url), { type: 'module', name: 'waitscope-analysis' });
  // Other workers read file slices, so reading (a copy on the reading thread in Chromium) runs
  // beside parsing instead of between parses; two of them, because one reader alone (~0.7 GB/s
  // here) is slower than the parser. Connected by ports; the analysis worker reads slices itself
  // until a port arrives, and if no reader can start.
  const readers: Worker[] = [];
  for (let index = 0; index < SLICE_READERS; index++) {
    try {
      const reader = new Worker(new URL('./slice-reader-worker.ts', import.meta.url), { type: 'module', name: `waitscope-slice-reader-${index + 1}` });
      const channel = new MessageChannel();
      reader.onerror = () => worker.postMessage({ type: 'slice-reader-lost', index } satisfies WorkerRequest);
      reader.postMessage({ port: channel.port2 }, [channel.port2]);
      worker.postMessage({ type: 'slice-reader', index, port: channel.port1 } satisfies WorkerRequest, [channel.port1]);
      readers.push(reader);
    } catch {
      break; // no more workers: the analysis worker uses the readers it has, or reads itself
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
      for (const r of readers) r.terminate();
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
