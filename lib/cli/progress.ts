/**
 * A progress line on stderr for big inputs, only when stderr is a terminal: piped or captured
 * output stays clean.
 */
const SHOW_FROM_BYTES = 100 * 1000 * 1000;
const EVERY_MS = 250;

export function progressLine(totalBytes: number, stream: NodeJS.WriteStream = process.stderr) {
  const enabled = stream.isTTY === true && totalBytes >= SHOW_FROM_BYTES;
  const started = performance.now();
  let last = 0;
  return {
    update(done: number) {
      if (!enabled) return;
      const now = performance.now();
      if (now - last < EVERY_MS) return;
      last = now;
      const mb = (n: number) => (n / 1e6).toFixed(0);
      const rate = done / 1e6 / ((now - started) / 1000);
      stream.write(`\rreading ${mb(done)} / ${mb(totalBytes)} MB (${((100 * done) / totalBytes).toFixed(0)}%), ${rate.toFixed(0)} MB/s   `);
    },
    done() {
      if (enabled && last > 0) stream.write('\r\x1b[K');
    },
  };
}
