import { Writable } from 'node:stream';

/** A stream that keeps what is written to it, for a command's stdout or stderr in a test. */
export function textSink(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return { stream, text: () => text };
}
