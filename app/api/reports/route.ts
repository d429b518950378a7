// POST /api/reports?expires=1d|7d|30d|never, body: a sealed report container. See lib/server/report-handlers.ts.
import { postReport } from '@/lib/server/report-routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function POST(request: Request): Promise<Response> {
  return postReport(request);
}
