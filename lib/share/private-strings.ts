/**
 * The names the user chose not to share, and where the payload still holds one: a safety net under
 * share-content.ts, run on the very JSON that is encrypted. The expected hit is a dataset label the
 * user typed with the instance in it: typed labels travel as typed, so the preview says so rather than
 * altering them silently (a label the page made from a dropped folder's name is sent as `Dataset N`).
 */
import { fileAliases, sharedFileName, type ShareChoices } from '../report/share-content';
import type { WaitscopeReport } from '../report/report-schema';

export type PrivateKind = 'host name' | 'instance name' | 'file name' | 'folder name';

export interface PrivateString {
  text: string;
  kind: PrivateKind;
}

export interface PrivateHit extends PrivateString {
  /** Where it is, for a person ("the label of dataset 1"); at most a few. */
  places: string[];
  /** How many string fields hold it. */
  count: number;
}

/**
 * Shorter names are not looked for: a two-letter instance ("DB") would be "found" inside event names
 * and numbers everywhere, and the search would cry wolf. Oracle instance names are rarely that short.
 */
const MIN_LENGTH = 3;
const MAX_PLACES = 3;
/**
 * Fingerprints are hex: a name like "cdb1" can occur in one by chance, and they are meant to be
 * shared. Event names and the profile's rows (`component`, made of event and call names) are
 * Oracle's words: 23ai Free's instance is named FREE, and "Free private memory to OS" is an event.
 */
const UNSEARCHED_KEYS = new Set(['sha256', 'event', 'component']);
/** The folders of Oracle's own layout (`/u01/app/oracle/diag/rdbms/<db>/<instance>/trace`) name nobody. */
const LAYOUT_FOLDERS = new Set(['u01', 'u02', 'app', 'oracle', 'diag', 'rdbms', 'trace', 'admin', 'udump', 'bdump', 'cdump', 'product']);
/** Letters and digits: a name is found where it stands alone (`cdb1` in `cdb1_ora_1.trc`, not `trace` in `traces`). */
const WORD = /[\p{L}\p{N}]/u;

function standsAlone(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    const before = text[at - 1];
    const after = text[at + name.length];
    if (!(before && WORD.test(before)) && !(after && WORD.test(after))) return true;
  }
  return false;
}

/** The host, instance, file and folder names of the report that the choices keep private. */
export function privateStrings(report: WaitscopeReport, choices: ShareChoices): PrivateString[] {
  const found = new Map<string, PrivateString>();
  const add = (text: string | null | undefined, kind: PrivateKind) => {
    const t = text?.trim();
    if (t && t.length >= MIN_LENGTH && !found.has(t.toLowerCase())) found.set(t.toLowerCase(), { text: t, kind });
  };
  const aliases = fileAliases(report);
  for (const d of report.datasets) {
    for (const f of d.files) {
      if (!choices.includeHosts) {
        add(f.host, 'host name');
        add(f.instance, 'instance name');
      }
      // The folders never travel (share-content.ts sharedFileName); the name itself, unless chosen.
      const shared = sharedFileName(f.name);
      const addFolders = (path: string) => {
        for (const folder of path.split(/[\\/]/).filter(Boolean)) if (!LAYOUT_FOLDERS.has(folder.toLowerCase())) add(folder, 'folder name');
      };
      addFolders(f.name.slice(0, f.name.length - shared.length));
      if (choices.includeFileNames) continue;
      const segments = shared.split(/[\\/]/).filter(Boolean);
      const base = segments.pop() ?? '';
      addFolders(segments.join('/'));
      add(f.name, 'file name');
      add(base, 'file name');
      add(base.replace(/(\.(trc|trm|gz|csv|txt|log))+$/i, ''), 'file name');
      // `<instance>_ora_<pid>.trc`, `<instance>_lgwr_<pid>.trc`: the instance, even without a header.
      add(/^(.+?)_[a-z0-9]+_\d+/i.exec(base)?.[1], 'instance name');
    }
  }
  // What is meant to be sent: the aliases, and the host and instance names when ticked (a file name
  // holds its instance; that is no leak once the user chose to send instance names).
  for (const names of aliases.values()) for (const alias of names.values()) found.delete(alias.toLowerCase());
  if (choices.includeHosts) {
    for (const f of report.datasets.flatMap((d) => d.files)) for (const name of [f.host, f.instance]) if (name) found.delete(name.trim().toLowerCase());
  }
  return [...found.values()];
}

/** Each private string that occurs in a string field of the payload, with where. */
export function findPrivateStrings(payload: unknown, names: readonly PrivateString[]): PrivateHit[] {
  if (names.length === 0) return [];
  const hits = new Map<PrivateString, PrivateHit>();
  const lowered = names.map((n) => [n, n.text.toLowerCase()] as const);
  const visit = (value: unknown, path: string) => {
    if (typeof value === 'string') {
      const text = value.toLowerCase();
      for (const [name, low] of lowered) {
        if (!standsAlone(text, low)) continue;
        const hit = hits.get(name) ?? { ...name, places: [], count: 0 };
        const place = describePlace(path);
        hit.count++;
        if (hit.places.length < MAX_PLACES && !hit.places.includes(place)) hit.places.push(place);
        hits.set(name, hit);
      }
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => visit(v, path ? `${path}.${i}` : String(i)));
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) if (!UNSEARCHED_KEYS.has(k)) visit(v, path ? `${path}.${k}` : k);
    }
  };
  visit(payload, '');
  return [...hits.values()];
}

const PLACES: [RegExp, string][] = [
  [/^datasets\.(\d+)\.label$/, 'the label of dataset #'],
  [/^datasets\.(\d+)\.note$/, 'the note of dataset #'],
  [/^datasets\.(\d+)\.files\.\d+\.name$/, 'the file names of dataset #'],
  [/^datasets\.(\d+)\.outliers\.top\.\d+\.file$/, 'the top waits of dataset #'],
  [/^datasets\.(\d+)\.outliers\.clusters\.\d+\.worstFile$/, 'the clusters of dataset #'],
];

/** A payload path for a person: `datasets.0.label` is "the label of dataset 1"; others stay paths. */
function describePlace(path: string): string {
  for (const [re, text] of PLACES) {
    const m = re.exec(path);
    if (m) return text.replace('#', String(Number(m[1]) + 1));
  }
  return path;
}
