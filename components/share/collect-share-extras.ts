/**
 * What only the worker can add before sharing, asked for in one request (lib/worker/share-request.ts):
 * the report with the labels as they are now, the same with each folder-made label as `Dataset N` when
 * there is one, each file's SHA-256, and each dataset's outliers with what co-occurred in its clusters,
 * from the passes the page already made. A plain function of the worker protocol, so the payload tests
 * drive the very step the page takes (test/share/share-payload.test.ts).
 */
import type { ShareExtras } from '@/lib/report/share-content';
import type { Ask, Questions } from '@/lib/worker/protocol';

export type ShareRequest = Questions['share-content'];

export async function collectShareExtras(ask: Ask, request: ShareRequest): Promise<ShareExtras | string> {
  const reply = await ask('share-content', request);
  return reply.type === 'share-content' ? reply.extras : reply.message;
}
