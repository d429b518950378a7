import type { TraceFacts } from '../trace/types';

/**
 * Whether a trace is LGWR's, or one of its 12c+ LGnn workers' (scalable LGWR: the workers write the
 * redo and wait on `log file parallel write`): its process line ends in `(LGWR)` / `(LG00)`
 * (`Unix process pid: 495, image: oracle@host (LGWR)`), or, when the header has no such line, its
 * name is Oracle's `<instance>_lgwr_<pid>.trc` / `<instance>_lg00_<pid>.trc`.
 */
const LGWR_NAME = /_(?:lgwr|lg\d\d)_\d+\.trc(?:\.gz)?$/i;

export function isLgwrTrace(fileName: string, facts: Pick<TraceFacts, 'processName'>): boolean {
  const name = facts.processName;
  if (name !== null) return name === 'LGWR' || /^LG\d\d$/.test(name);
  return LGWR_NAME.test(fileName);
}
