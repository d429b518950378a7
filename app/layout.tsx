import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: 'waitscope',
  description:
    'Oracle 10046 trace wait-event statistics: parse traces, compute exact statistics of waits, compare configurations.',
  // Served from public/, so the browser never asks for a missing /favicon.ico.
  icons: { icon: '/favicon.svg' },
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
