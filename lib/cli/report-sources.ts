/**
 * What `waitscope report` adds to its report before it leaves the machine, from the same function the
 * page's share uses (lib/worker/share-request.ts shareContent): the labels as `Dataset N` when they
 * came from folder names, each file's SHA-256, each side's top waits, timeline and clusters with what
 * co-occurred, the heat map at the automatic interval, and the profile when asked for. Here each
 * source reads the datasets `loadDatasets` parsed, where the page's worker reads its own.
 */
import { createHash } from 'node:crypto';
import { analyzeOutliers } from '../outliers/analyze';
import { cutPlaced, placeWaits } from '../outliers/dataset-over-time';
import { buildReportOfSamples, type ReportDataset } from '../report/build-report';
import { WAITSCOPE_VERSION } from '../report/report-constants';
import type { WaitscopeReport } from '../report/report-schema';
import { chooseInterval } from '../stats/over-time-interval';
import type { Measure } from '../trace/measure';
import type { DatasetOutliers } from '../worker/outlier-requests';
import { datasetWaitList, timelineOf } from '../worker/outlier-requests';
import type { ShareSources } from '../worker/share-request';
import type { InputFile } from '../node/find-inputs';
import { openInput } from '../node/file-chunks';
import type { LoadedDataset } from './load-dataset';
import { coOccurring } from './outliers-command';

/** One side of the report as parsed: its report dataset (Sample built once), the parse, and its files' paths by name. */
export interface ReportSide {
  input: ReportDataset;
  loaded: LoadedDataset;
  paths: Map<string, InputFile>;
}

export interface ReportSourceOptions {
  event: string;
  measure?: Exclude<Measure, { kind: 'event' }>;
  /** ISO time the report says it was made. */
  createdAt: string;
}

/** A file's, or an archive member's own, bytes hashed (as the page's sha256-file.ts hashes them). */
async function sha256OfInput(input: InputFile): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of openInput(input)) hash.update(chunk);
  return hash.digest('hex');
}

export function reportSources(sides: ReadonlyMap<string, ReportSide>, options: ReportSourceOptions): ShareSources {
  const side = (id: string) => {
    const s = sides.get(id);
    if (!s) throw new Error(`no dataset '${id}' in this report`);
    return s;
  };
  return {
    report(spec): WaitscopeReport {
      // The Samples are the sides' own: a second report (numbered labels) costs the comparisons only.
      const inputs = spec.datasets.map(({ datasetId, label }) => ({ ...side(datasetId).input, id: datasetId, label }));
      return buildReportOfSamples(inputs, { event: options.event, ...(options.measure && { measure: options.measure }), baseline: spec.baseline, generatorVersion: WAITSCOPE_VERSION, createdAt: options.createdAt });
    },
    // The CLI's report counts the report's own thresholds only (REPORT_THRESHOLDS_MICROS).
    thresholdCounts: () => [],
    async fingerprints(ids) {
      const out: Record<string, Record<string, string>> = {};
      for (const id of ids) {
        out[id] = {};
        for (const [name, input] of side(id).paths) out[id][name] = await sha256OfInput(input);
      }
      return out;
    },
    outliers(datasetId, label, { top, thresholds }): DatasetOutliers | null {
      const { loaded } = side(datasetId);
      if (loaded.samples.count === 0) return null;
      const analysis = analyzeOutliers(loaded, label, { top, thresholds });
      return {
        datasetId,
        label,
        analysis,
        top: datasetWaitList(datasetId, analysis.top, loaded),
        timeline: timelineOf(loaded),
        hasTraceLines: true,
      };
    },
    coOccurrence: (datasetId, windows) => coOccurring(side(datasetId).loaded, { windows }, side(datasetId).paths),
    async profiles(ids) {
      return ids.map((id) => {
        const { loaded } = side(id);
        return { datasetId: id, profile: loaded.callProfile, files: loaded.files.length, notes: [] };
      });
    },
    heatMaps(specs) {
      // One interval for every side, chosen from the longest span: the page's default (over-time-request.ts).
      const placed = specs.flatMap((spec) => {
        const { loaded } = side(spec.datasetId);
        return loaded.samples.count > 0 ? [{ spec, placed: placeWaits(loaded) }] : [];
      });
      const interval = chooseInterval(Math.max(0, ...placed.map((p) => p.placed.span)));
      return placed.map(({ spec, placed: p }) => ({ ...cutPlaced(p, { intervalMicros: interval, origin: 'clock' }), datasetId: spec.datasetId }));
    },
  };
}
