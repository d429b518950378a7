'use client';
/** A dataset's samples as a CSV download (the worker writes it), or why it could not be written. */
import { useState } from 'react';
import type { ReplyTo } from '@/lib/worker/protocol';
import { download } from '../download';

export function useSampleExport(exportSamples: (datasetId: string) => Promise<ReplyTo<'export-samples'>>) {
  const [exportProblem, setExportProblem] = useState<string | null>(null);
  const run = async (id: string, label: string) => {
    const reply = await exportSamples(id);
    if (reply.type === 'samples') download(`waitscope-samples-${label.replace(/[^A-Za-z0-9]+/g, '-')}.csv`, reply.blob);
    setExportProblem(reply.type === 'samples' ? null : `The samples of ${label} could not be exported: ${reply.message}`);
  };
  return { exportSamples: run, exportProblem };
}
