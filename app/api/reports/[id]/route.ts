// GET and DELETE /api/reports/:id. See lib/server/report-handlers.ts.
import { deleteReportById, getReportById } from '@/lib/server/report-routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

export async function GET(request: Request, { params }: Context): Promise<Response> {
  return getReportById(request, (await params).id);
}

export async function DELETE(request: Request, { params }: Context): Promise<Response> {
  return deleteReportById(request, (await params).id);
}
