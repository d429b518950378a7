/** The route handlers' entry points: the request plus this process's dependencies. */
import { internalError } from './api-response';
import { ServerEnvError } from './env';
import { createReport, deleteReport, getReport, type ReportApiDeps } from './report-handlers';
import { serverContext, StoreOpenError } from './server-context';

async function withContext(handler: (deps: ReportApiDeps) => Promise<Response>): Promise<Response> {
  let deps: ReportApiDeps;
  try {
    deps = await serverContext();
  } catch (error) {
    // A known cause is one line naming it; anything else is a bug, logged whole.
    if (error instanceof StoreOpenError || error instanceof ServerEnvError) console.error(`waitscope: ${error.message}`);
    else console.error('waitscope: the report store could not start:', error);
    return internalError();
  }
  return handler(deps);
}

export const postReport = (request: Request) => withContext((deps) => createReport(request, deps));
export const getReportById = (request: Request, id: string) => withContext((deps) => getReport(request, id, deps));
export const deleteReportById = (request: Request, id: string) => withContext((deps) => deleteReport(request, id, deps));
