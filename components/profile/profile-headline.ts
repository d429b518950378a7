/**
 * One sentence above a profile comparison that answers its question (issue 14 §5: "the commit got
 * 15% faster, and 90% of that came from log file sync"): how R changed, by how much, and which
 * component moved most of it. Plain TypeScript over compareProfiles' result, tested without a page.
 */
import { noAnswer, perSessionR, type ProfileComparison } from '@/lib/profile/compare-profiles';
import { formatRelative } from '../display-units';
import { micros, signedMicros } from './profile-format';

export function profileHeadline(c: Pick<ProfileComparison, 'a' | 'b' | 'deltaR' | 'relativeDeltaR' | 'components'>, labels: { a: string; b: string }): string {
  const against = `${labels.a} against ${labels.b}`;
  const none = noAnswer(c, labels);
  if (none !== null) return none;
  // R is summed over sessions: with more on one side, say what each session's did too (an equal R too).
  const perSession = perSessionR(c);
  const sessions = perSession === null ? '' : `, summed over ${c.a.sessions} against ${c.b.sessions} sessions (per session ${formatRelative(perSession.relative)})`;
  if (c.deltaR === 0) return `R is the same in ${against} (${micros(c.a.total)} µs)${sessions}.`;
  const how = c.deltaR < 0 ? 'fell' : 'rose';
  const relative = c.relativeDeltaR === null ? '' : ` ${formatRelative(Math.abs(c.relativeDeltaR)).replace(/^\+/, '')}`;
  const head = `R ${how}${relative} (${signedMicros(c.deltaR)} µs) in ${against}${sessions}`;
  // The component that carried most of the change in its direction (share of ΔR is positive when it moved with R).
  let top: ProfileComparison['components'][number] | null = null;
  for (const row of c.components) if (row.shareOfChange !== null && row.shareOfChange > 0 && (top === null || row.shareOfChange > (top.shareOfChange as number))) top = row;
  if (top === null) return `${head}.`;
  const share = formatRelative(top.shareOfChange).replace(/^\+/, '');
  return `${head}; ${share} of the change came from ${top.component}.`;
}
