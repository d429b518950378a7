import type { Metadata } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: 'waitscope',
  description:
    'Oracle 10046 trace wait-event statistics: parse traces, compute exact statistics of waits, compare configurations.',
  // Served from public/, so the browser never asks for a missing /favicon.ico.
  icons: { icon: '/favicon.svg' },
};

/**
 * Every page renders per request: proxy.ts gives each response a CSP nonce, which Next can put on
 * its scripts only while rendering (a prerendered page's scripts would have none, and be blocked).
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
