import type { Metadata } from 'next';
import { SharedReportView } from '@/components/share/SharedReportView';

export const metadata: Metadata = { title: 'Shared report · waitscope', referrer: 'no-referrer', robots: { index: false } };

/** A shared report: everything happens in the browser, which alone holds the key. */
export default async function SharedReportPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <main className="wide">
      <h1>
        <a href="/" className="home-link">waitscope</a>
      </h1>
      <SharedReportView id={id} />
    </main>
  );
}
