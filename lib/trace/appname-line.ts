/**
 * `APPNAME mod='SQL*Plus' mh=3669949024 act='' ah=4029777240` (trace-format.md §3): the module
 * and action set with DBMS_APPLICATION_INFO, as releases before 10g write them; 10g and later
 * write `*** MODULE NAME:(…)` and `*** ACTION NAME:(…)` instead (star-lines.ts). Values are
 * quoted and may hold spaces.
 */
const APPNAME = /^APPNAME mod='(.*)' mh=\d+ act='(.*)' ah=\d+\s*$/;

export function readAppNameLine(text: string): { module: string; action: string } | null {
  const m = APPNAME.exec(text);
  return m ? { module: m[1] ?? '', action: m[2] ?? '' } : null;
}
