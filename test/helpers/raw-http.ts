// Raw HTTP/1.1 over a socket to 127.0.0.1, for requests fetch() refuses to send (bad framing,
// raw UTF-8, unknown methods) and for slow clients. Every socket is closed by a deadline.
import net from 'node:net';

export interface RawAnswer {
  /** Everything the server sent, as Latin-1. */
  text: string;
  status: number | null;
  headers: Record<string, string>;
  body: string;
  /** ms from connecting until the server closed the socket, or null if it was still open at the deadline. */
  closedAfterMs: number | null;
}

export interface RawOptions {
  /** A loopback source address other than 127.0.0.1 (e.g. 127.0.0.2), to be a different client. */
  localAddress?: string;
  /** Close from our side after this long. */
  deadlineMs?: number;
  /** Send `data` in these parts, with `gapMs` between them (a slow client). */
  gapMs?: number;
}

function parseAnswer(text: string): Pick<RawAnswer, 'status' | 'headers' | 'body'> {
  const end = text.indexOf('\r\n\r\n');
  const head = end < 0 ? text : text.slice(0, end);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const status = /^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1];
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = end < 0 ? '' : text.slice(end + 4);
  if (headers['transfer-encoding'] === 'chunked') body = dechunk(body);
  return { status: status ? Number(status) : null, headers, body };
}

function dechunk(text: string): string {
  let out = '';
  for (let at = 0; ; ) {
    const lineEnd = text.indexOf('\r\n', at);
    const size = parseInt(text.slice(at, lineEnd), 16);
    if (lineEnd < 0 || !(size > 0)) return out;
    out += text.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

/** Sends `parts` (one string or Buffer each) and collects the answer until the server closes. */
export function rawRequest(port: number, parts: (string | Buffer)[], options: RawOptions = {}): Promise<RawAnswer> {
  const { localAddress, deadlineMs = 5_000, gapMs = 0 } = options;
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    const chunks: Buffer[] = [];
    let closedAfterMs: number | null = null;
    let done = false;
    const timers: NodeJS.Timeout[] = [];
    const finish = () => {
      if (done) return;
      done = true;
      for (const timer of timers) clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ text, ...parseAnswer(text), closedAfterMs });
    };
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (!done) closedAfterMs = Date.now() - started;
      finish();
    });
    parts.forEach((part, i) => {
      timers.push(setTimeout(() => socket.writable && socket.write(typeof part === 'string' ? Buffer.from(part, 'latin1') : part), i * gapMs));
    });
    timers.push(setTimeout(finish, deadlineMs));
  });
}
