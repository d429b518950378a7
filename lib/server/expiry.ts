/** How long a shared report lives: 1, 7 or 30 days (the default), or until deleted. */
import { z } from 'zod';

const DAY_MS = 24 * 60 * 60 * 1000;

export const EXPIRY_DAYS = { '1d': 1, '7d': 7, '30d': 30, never: null } as const;
export type Expiry = keyof typeof EXPIRY_DAYS;
export const DEFAULT_EXPIRY: Expiry = '30d';

export const expirySchema = z.enum(['1d', '7d', '30d', 'never'], { error: 'expires must be one of 1d, 7d, 30d, never' });

/** When a report created at `now` expires, or null for never. */
export function expiresAt(expiry: Expiry, now: Date): Date | null {
  const days = EXPIRY_DAYS[expiry];
  return days === null ? null : new Date(now.getTime() + days * DAY_MS);
}
