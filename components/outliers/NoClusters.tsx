/**
 * Where a dataset's clusters would be when it is too small for their default threshold, the p99.9
 * (lib/outliers/clusters.ts noDefaultThresholdNote): a neutral note, no count and no threshold, so
 * nothing on the page names a "p99.9" that is the maximum in disguise.
 */
export function NoClusters({ label, note }: { label: string; note: string }) {
  return (
    <>
      <h3>{label}: clusters not computed</h3>
      <p className="hint" data-testid="clusters-note">
        {note}.
      </p>
    </>
  );
}
