'use client';
/**
 * Files dropped anywhere on the page (outside a dataset, which stops the event): planDrop says where
 * they go, and a note names the folders there was no room for.
 */
import { useEffect, useRef, useState, type Dispatch } from 'react';
import type { InputFile } from '@/lib/worker/protocol';
import { filesFromDrop, groupByTopFolder } from './drop-files';
import { planDrop } from './drop-plan';
import { MAX_DATASETS } from './url-state';
import type { Workspace, WorkspaceAction } from './workspace';

export function usePageDrop(ws: Workspace, dispatch: Dispatch<WorkspaceAction>, isEmpty: (id: string) => boolean, addFiles: (id: string, files: InputFile[]) => void): string | null {
  const [note, setNote] = useState<string | null>(null);
  const onDrop = async (data: DataTransfer) => {
    const plan = planDrop(ws, groupByTopFolder(await filesFromDrop(data)), isEmpty);
    if (plan.loads.length === 0) return;
    setNote(null);
    if (plan.naming) dispatch(plan.naming);
    for (const { id, files } of plan.loads) addFiles(id, files);
    if (plan.left.length > 0) {
      const n = plan.left.length;
      setNote(`Not loaded: ${plan.left.join(', ')}. There are at most ${MAX_DATASETS} datasets and the others hold data: clear one, then drop ${n === 1 ? 'it' : 'them'} again.`);
    }
  };
  const latest = useRef(onDrop);
  latest.current = onDrop;
  useEffect(() => {
    const over = (e: globalThis.DragEvent) => e.preventDefault(); // else the browser opens the file
    const dropped = (e: globalThis.DragEvent) => {
      e.preventDefault();
      if (e.dataTransfer) void latest.current(e.dataTransfer);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', dropped);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', dropped);
    };
  }, []);
  return note;
}
