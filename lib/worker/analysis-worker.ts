/**
 * The worker entry, and nothing else (style.md §5): it creates the session and passes messages.
 * worker-client.ts is the only place that starts it.
 */
import { DEFAULT_EVENT } from '../trace/types';
import { AnalysisSession } from './analysis-session';
import { defaultMemoryBudget } from './memory-budget';
import type { Post, WorkerRequest } from './protocol';

interface WorkerScope {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  navigator: { deviceMemory?: number };
}

const scope = globalThis as unknown as WorkerScope;
const post: Post = (message) => scope.postMessage(message);
const session = new AnalysisSession(post, {
  memoryBudgetBytes: defaultMemoryBudget(scope.navigator.deviceMemory),
  defaultEvent: DEFAULT_EVENT,
});

scope.onmessage = (event) => {
  session.handle(event.data).catch((error: unknown) => {
    post({ type: 'failure', message: `waitscope hit a bug while handling '${event.data.type}': ${error instanceof Error ? error.message : String(error)}` });
  });
};
