'use client';
/** A render error shows what happened and a way back, never a blank page (there is no console to check). */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main className="wide">
      <h1>waitscope</h1>
      <section className="failure-page" role="alert">
        <h2>Something went wrong while drawing this page</h2>
        <p>{error.message || 'An unexpected error.'}</p>
        <p>
          <button type="button" onClick={reset}>Try again</button> or <a href="/">start over</a>. Your trace files never left this machine.
        </p>
      </section>
    </main>
  );
}
