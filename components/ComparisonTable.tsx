/**
 * The comparison table in the form of Table 15.1 of the Oracle Exadata Expert's Handbook: one row per
 * statistic (the same ones `waitscope compare` prints), one column per dataset, then for each
 * comparison the difference A − B and the relative difference with their 95% CIs; below it, each
 * comparison's verdicts, its iid tests (labelled, never headlining) and its warnings.
 *
 * A statistic a dataset has too few waits for reads "n/a (needs ≥ N waits)" (lib/stats/minimum-counts.ts),
 * and so does every difference it would enter. One method per CI: the bootstrap's when it ran,
 * Welch's (iid) for the mean only when there was no bootstrap.
 *
 * Every number carries its raw report value in `data-value` (µs, or a fraction for relative values;
 * absent when the report has null), so a browser test compares the table with
 * `waitscope compare --json` exactly instead of re-parsing rounded text.
 */
// From report-constants, not report-schema: the offline report's viewer bundles this table without zod.
import { COMPARED_ROW_STATISTICS } from '@/lib/report/report-constants';
import type { ComparisonEntry, WaitscopeReport } from '@/lib/report/report-schema';
import { valuesNoun, valuesPhrase } from '@/lib/trace/measure';
import { iidTestLines, iidNote } from '@/lib/stats/iid-tests';
import { notEstimableText } from '@/lib/stats/minimum-counts';
import { formatCount, formatRelative, formatStatistic, UNIT_LABEL, type DisplayUnit } from './display-units';
import { CI_METHOD_HELP, STATISTIC_HELP, TEST_HELP } from './help/help-text';
import { HelpTip } from './help/HelpTip';
import { VerdictLines } from './help/VerdictLines';

type Statistic = (typeof COMPARED_ROW_STATISTICS)[number];

export const STATISTIC_LABEL: Record<Statistic, string> = {
  count: 'count', min: 'min', median: 'median', mean: 'mean', p90: 'p90', p95: 'p95', p99: 'p99', p999: 'p99.9', max: 'max', stddev: 'stddev', sum: 'sum',
};

type CiSource = 'bootstrap-cluster' | 'bootstrap-poisson' | 'welch';
const CI_LABEL: Record<CiSource, string> = { 'bootstrap-cluster': 'cluster', 'bootstrap-poisson': 'Poisson', welch: 'Welch, iid' };

interface Ci {
  source: CiSource;
  lower: number;
  upper: number;
}

/**
 * CIs of A − B and of (A − B)/B for one row, from one method: the bootstrap's for median, p99 and
 * mean (none where a side is too small for the statistic); without a bootstrap, Welch's for the mean difference.
 */
export function intervalsOf(c: ComparisonEntry, stat: Statistic): { difference: Ci[]; relative: Ci[] } {
  const out: { difference: Ci[]; relative: Ci[] } = { difference: [], relative: [] };
  const b = c.bootstrap;
  if (b && (stat === 'median' || stat === 'p99' || stat === 'mean')) {
    const source = b.method === 'cluster' ? 'bootstrap-cluster' : 'bootstrap-poisson';
    const difference = b.difference[stat];
    const relative = b.relative[stat];
    if (difference) out.difference.push({ source, ...difference });
    if (relative) out.relative.push({ source, ...relative });
  }
  if (!b && c.welch && stat === 'mean') out.difference.push({ source: 'welch', lower: c.welch.ci[0], upper: c.welch.ci[1] });
  return out;
}

/** "n/a (needs ≥ N waits)" when the smaller side of a comparison is too small for the statistic. */
function comparisonNote(report: WaitscopeReport, c: ComparisonEntry, stat: Statistic): string | null {
  const a = report.datasets[c.treatment]?.summary.count ?? 0;
  const b = report.datasets[c.baseline]?.summary.count ?? 0;
  return notEstimableText(stat, Math.min(a, b), valuesNoun(report.measure));
}

const comparisonId = (c: ComparisonEntry) => `${c.treatment}-${c.baseline}`;

/** A value as people read it: counts as integers, times in the chosen unit. */
function formatValue(stat: Statistic, v: number | null, unit: DisplayUnit): string {
  return stat === 'count' ? formatCount(v) : formatStatistic(v, unit);
}

/** A difference with its sign, and a true minus sign as formatRelative writes it. */
function formatSigned(stat: Statistic, v: number | null, unit: DisplayUnit): string {
  const text = formatValue(stat, v, unit).replace(/^-/, '\u2212');
  return v !== null && v > 0 ? `+${text}` : text;
}

const dataValue = (v: number | null) => (v === null ? undefined : String(v));

function CiList({ cis, stat, id, of, format }: { cis: Ci[]; stat: Statistic; id: string; of: 'difference' | 'relative'; format: (v: number) => string }) {
  return cis.map((ci) => (
    <small key={ci.source} className="ci" data-ci={ci.source}>
      {' ['}
      <span data-stat={stat} data-comparison={id} data-kind="ci-lower" data-of={of} data-ci={ci.source} data-value={String(ci.lower)}>
        {format(ci.lower)}
      </span>
      {', '}
      <span data-stat={stat} data-comparison={id} data-kind="ci-upper" data-of={of} data-ci={ci.source} data-value={String(ci.upper)}>
        {format(ci.upper)}
      </span>
      {`] ${CI_LABEL[ci.source]}`}
    </small>
  ));
}

function ComparisonCells({ report, c, stat, unit }: { report: WaitscopeReport; c: ComparisonEntry; stat: Statistic; unit: DisplayUnit }) {
  const row = c.rows.find((r) => r.statistic === stat);
  const id = comparisonId(c);
  const note = comparisonNote(report, c, stat);
  if (note !== null) {
    return (
      <>
        {(['difference', 'relative'] as const).map((kind) => (
          <td key={kind} className="num not-estimable">
            <span data-stat={stat} data-comparison={id} data-kind={kind}>{note}</span>
          </td>
        ))}
      </>
    );
  }
  const cis = intervalsOf(c, stat);
  const difference = row?.difference ?? null;
  const relative = row?.relative ?? null;
  return (
    <>
      <td className="num">
        <span data-stat={stat} data-comparison={id} data-kind="difference" data-value={dataValue(difference)}>
          {formatSigned(stat, difference, unit)}
        </span>
        <CiList cis={cis.difference} stat={stat} id={id} of="difference" format={(v) => formatSigned(stat, v, unit)} />
      </td>
      <td className="num">
        <span data-stat={stat} data-comparison={id} data-kind="relative" data-value={dataValue(relative)}>
          {formatRelative(relative)}
        </span>
        <CiList cis={cis.relative} stat={stat} id={id} of="relative" format={(v) => formatRelative(v)} />
      </td>
    </>
  );
}

function Verdicts({ report, c }: { report: WaitscopeReport; c: ComparisonEntry }) {
  const a = report.datasets[c.treatment]?.label ?? `dataset ${c.treatment + 1}`;
  const b = report.datasets[c.baseline]?.label ?? `dataset ${c.baseline + 1}`;
  return (
    <section className="verdicts" data-comparison={comparisonId(c)}>
      <h3>{`A = ${a} against B = ${b}`}</h3>
      {c.verdicts.length > 0 ? (
        <VerdictLines verdicts={c.verdicts} confidence={c.bootstrap?.confidence ?? c.welch?.confidence ?? 0.95} />
      ) : (
        <p className="no-verdicts">{`No verdicts: a dataset has too few ${valuesNoun(report.measure)}.`}</p>
      )}
      <p className="resampling">
        {`CIs: ${c.resampling.description}.`}
        {c.resampling.method && <HelpTip topic={c.resampling.method === 'cluster' ? 'the cluster bootstrap' : 'the Poisson bootstrap'} text={CI_METHOD_HELP[c.resampling.method]} />}
      </p>
      <details className="iid-tests" data-testid="iid-tests">
        <summary>iid tests, for reference only</summary>
        <p>{iidNote(valuesNoun(report.measure))}</p>
        <ul>
          {iidTestLines(c).map((t) => (
            <li key={t.test} data-test={t.test}>
              {`${t.name}: ${t.text}`}
              <HelpTip topic={t.name} text={TEST_HELP[t.test]} />
            </li>
          ))}
        </ul>
      </details>
      {c.warnings.length > 0 && (
        <ul className="warnings">
          {c.warnings.map((w, i) => (
            <li key={`${w.code}-${i}`} data-code={w.code}>
              {w.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ComparisonTable({ report, unit }: { report: WaitscopeReport; unit: DisplayUnit }) {
  const { datasets, comparisons } = report;
  const headerRows = comparisons.length > 0 ? 2 : 1;
  const first = comparisons[0];
  const level = Math.round(100 * (first?.bootstrap?.confidence ?? first?.welch?.confidence ?? 0.95));
  return (
    <div className="comparison-table" data-testid="comparison-table">
      <table>
        <caption>
          {`${valuesPhrase(report.event, report.measure)}; all times in ${UNIT_LABEL[unit]}. Difference = A − B, relative = (A − B)/B; `}
          {`[lower, upper]: ${level}% CI from the bootstrap (cluster: whole sessions resampled`}
          <HelpTip topic="the cluster bootstrap" text={CI_METHOD_HELP.cluster} />
          {'; Poisson: single waits'}
          <HelpTip topic="the Poisson bootstrap" text={CI_METHOD_HELP.poisson} />
          {'), or, without a bootstrap, Welch’s t (iid)'}
          <HelpTip topic="Welch's t interval" text={CI_METHOD_HELP.welch} />
          {'.'}
        </caption>
        <thead>
          <tr>
            <th scope="col" rowSpan={headerRows}>
              {`statistic (${UNIT_LABEL[unit]})`}
            </th>
            {datasets.map((d) => (
              <th key={d.id} scope="col" rowSpan={headerRows} data-dataset={d.id}>
                {d.label}
                {d.note !== null && <small className="dataset-note">{` (${d.note})`}</small>}
              </th>
            ))}
            {comparisons.map((c) => (
              <th key={comparisonId(c)} scope="colgroup" colSpan={2} data-comparison={comparisonId(c)}>
                {`${datasets[c.treatment]?.label ?? '?'} vs ${datasets[c.baseline]?.label ?? '?'}`}
              </th>
            ))}
          </tr>
          {comparisons.length > 0 && (
            <tr>
              {comparisons.map((c) => [
                <th key={`${comparisonId(c)}-d`} scope="col">A − B</th>,
                <th key={`${comparisonId(c)}-r`} scope="col">relative</th>,
              ])}
            </tr>
          )}
        </thead>
        <tbody>
          {COMPARED_ROW_STATISTICS.map((stat) => (
            <tr key={stat}>
              <th scope="row">
                {STATISTIC_LABEL[stat]}
                <HelpTip topic={STATISTIC_LABEL[stat]} text={STATISTIC_HELP[stat]} />
              </th>
              {datasets.map((d) => {
                const note = notEstimableText(stat, d.summary.count, valuesNoun(report.measure));
                return (
                  <td key={d.id} className={note ? 'num not-estimable' : 'num'} data-stat={stat} data-dataset={d.id} data-value={note ? undefined : dataValue(d.summary[stat])}>
                    {note ?? formatValue(stat, d.summary[stat], unit)}
                  </td>
                );
              })}
              {comparisons.map((c) => (
                <ComparisonCells key={comparisonId(c)} report={report} c={c} stat={stat} unit={unit} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {comparisons.map((c) => (
        <Verdicts key={comparisonId(c)} report={report} c={c} />
      ))}
    </div>
  );
}
