/**
 * `waitscope report A… --vs B… --out report.html` (issue 17 §3): the comparison `compare` prints, as
 * one self-contained HTML file with every figure, that opens from `file://` without a network.
 *
 * The file holds what a shared report holds (lib/report/share-content.ts, through the same
 * shareContent the page's share calls), so no host, instance or file name and no SQL text unless
 * --include-hosts, --include-file-names or --include-sql-text say so: the share preview's choices.
 */
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { OFFLINE_ASSET_FILES, offlineReportHtml, type OfflineAssets } from '../offline/offline-html';
import { reportDatasetOf } from '../report/dataset-side';
import { hasSqlText } from '../report/profile-section';
import { contentToShare, hasFileNames, hasHostNames } from '../report/share-content';
import { findPrivateStrings, privateStrings } from '../share/private-strings';
import { shareContent } from '../worker/share-request';
import { defaultLabels } from './compare-command';
import { formatCount } from './format';
import { ExitError, loadDatasets, type LoadedDataset } from './load-dataset';
import { pathsByName } from './outliers-command';
import { parseReportArgs } from './report-args';
import { reportSources, type ReportSide } from './report-sources';
import { safeText } from './terminal-text';
import { mark } from './timing';

/**
 * The viewer scripts/build-offline.mjs bundled: beside the CLI's bundle in dist/ (where `import.meta.url`
 * is the bundle's), or in dist/ from this source file when run unbundled.
 */
export function readOfflineAssets(): OfflineAssets {
  const dirs = [new URL('./', import.meta.url), new URL('../../dist/', import.meta.url)];
  for (const dir of dirs) {
    const paths = { script: fileURLToPath(new URL(OFFLINE_ASSET_FILES.script, dir)), css: fileURLToPath(new URL(OFFLINE_ASSET_FILES.css, dir)) };
    if (existsSync(paths.script) && existsSync(paths.css)) return { script: readFileSync(paths.script, 'utf8'), css: readFileSync(paths.css, 'utf8') };
  }
  throw new ExitError(1, `the offline report's viewer is not built (dist/${OFFLINE_ASSET_FILES.script}): run npm run build:cli`);
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

export async function reportCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<void> {
  const { compare: args, out: outPath, choices } = parseReportArgs(argv);
  const assets = readOfflineAssets(); // before parsing: a missing viewer stops the command at once
  const labelsFromFolders = args.labels === null;
  const [labelA, labelB] = args.labels ?? defaultLabels(args.a[0]!, args.b[0]!);
  const common = { event: args.event, ...(args.measure && { measure: args.measure }), json: false, workers: args.workers, ...(args.window && { window: args.window }), ...(args.group && { group: args.group }) };
  // Every column is kept: the outliers list each wait's time, session, file and line.
  const loaded = (await loadDatasets([{ ...common, paths: args.a }, { ...common, paths: args.b }], { ...(args.profile && { profile: args.profile }) })) as [LoadedDataset, LoadedDataset];
  const sides = new Map<string, ReportSide>();
  const specs = [
    { datasetId: 'a', label: labelA, paths: args.a },
    { datasetId: 'b', label: labelB, paths: args.b },
  ];
  for (const [i, spec] of specs.entries()) {
    const dataset = loaded[i]!;
    const input = reportDatasetOf(spec.datasetId, spec.label, dataset);
    sides.set(spec.datasetId, { input: dataset.window ? { ...input, window: dataset.window } : input, loaded: dataset, paths: await pathsByName(spec.paths) });
  }
  mark('sessions');
  const createdAt = new Date().toISOString();
  // A is the treatment, B the baseline, as in compare; labels made from folder names are folder names.
  const extras = await shareContent(reportSources(sides, { event: args.event, ...(args.measure && { measure: args.measure }), createdAt }), {
    event: args.event,
    datasets: specs.map(({ datasetId, label }) => ({ datasetId, label, labelFromFolder: labelsFromFolders })),
    baseline: 1,
    thresholds: [],
    ...(args.profile && { profile: args.profile }),
  });
  mark('share content');
  const content = contentToShare(extras, choices);
  const html = offlineReportHtml(content, assets);
  try {
    await writeFile(outPath, html);
  } catch (error) {
    throw new ExitError(1, `cannot write ${outPath}: ${error instanceof Error ? error.message : String(error)}`);
  }
  mark('output');
  const bytes = Buffer.byteLength(html);
  // What the traces had and the choices kept out (the share panel's checkboxes appear on the same tests).
  const left = [
    hasHostNames(extras.report) && !choices.includeHosts && `host and instance names (--include-hosts)${choices.includeFileNames ? ', except in file names that hold them' : ''}`,
    hasFileNames(extras.report) && !choices.includeFileNames && 'file names, sent as file 1, file 2, … (--include-file-names)',
    // A sql_id and a hash value are hashes of the text (the share panel says so too): known or guessable SQL can be found from them.
    hasSqlText(extras.report.profile) && !choices.includeSqlText && 'SQL text (--include-sql-text; statements still go by sql_id and hash value, which known or guessable SQL can be matched to)',
  ].filter(Boolean);
  out.write(
    safeText(
      `wrote ${outPath} (${megabytes(bytes)}): ${content.datasets.map((d) => `${d.label} (${formatCount(d.summary.count)} ${args.measure ? 'values' : 'waits'})`).join(' vs ')}, ${content.event}\n` +
        (left.length > 0 ? `left out: ${left.join('; ')}\n` : ''),
    ),
  );
  // The safety net of the share preview: a name kept private that still travels (in a typed label).
  for (const hit of findPrivateStrings(content, privateStrings(extras.report, choices))) {
    // Where it travels says why: a label as typed, or a file name sent whole when asked for.
    const why = hit.places.every((p) => /^the (file names|top waits|clusters) of/.test(p)) ? 'file names travel as found with --include-file-names' : 'labels travel as given';
    process.stderr.write(safeText(`warning: the report still holds the ${hit.kind} '${hit.text}' (${hit.places.join(', ')}): ${why}\n`));
  }
}
