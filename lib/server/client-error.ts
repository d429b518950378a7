/**
 * The answers to requests Node's HTTP parser rejects before any handler runs (the server's
 * `clientError` event): a malformed Content-Length, Content-Length together with
 * Transfer-Encoding, bad chunking, a raw non-ASCII URL, an unknown method token, headers past
 * 16 KiB, a request not received in time. Node's own answer is an empty `400 Bad Request` (431,
 * 408); this one is the API's envelope, then the connection closes.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errorEnvelope, type ApiErrorCode, type Envelope } from './api-response';

type ParserError = Error & { code?: string; reason?: string };

const NOT_PARSED: Record<string, [number, ApiErrorCode, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'headers-too-large', 'The request line and headers are larger than 16 KiB.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request-timeout', 'The request was not received in time.'],
};

/**
 * The envelope for a parser error. llhttp's `reason` says what was wrong in a few words (e.g.
 * "Transfer-Encoding can't be present with Content-Length", "Invalid character in chunk size").
 */
function clientErrorEnvelope(error: ParserError): Envelope {
  const known = error.code === undefined ? undefined : NOT_PARSED[error.code];
  if (known) return errorEnvelope(...known, { Connection: 'close' });
  const reason = error.reason ?? error.code ?? 'unreadable request';
  return errorEnvelope(400, 'bad-request', `The request is not valid HTTP/1.1: ${reason}.`, { Connection: 'close' });
}

/** An envelope as raw HTTP/1.1, for a socket that has no ServerResponse to write through. */
function rawResponse({ status, body, headers }: Envelope): string {
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`];
  for (const [name, value] of Object.entries({ ...headers, 'Content-Length': String(Buffer.byteLength(body)) })) {
    lines.push(`${name}: ${value}`);
  }
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/**
 * Answers and closes, as Node's default handler does, but only when no part of a response has
 * gone out on this socket yet (`_httpMessage` is Node's in-flight response, the field its own
 * handler checks): writing into the middle of one would corrupt it.
 */
export function answerClientError(error: ParserError, socket: Socket): void {
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  socket.end(rawResponse(clientErrorEnvelope(error)));
  // A client that never reads would keep the socket open: it gets a second to take the answer.
  setTimeout(() => socket.destroy(), 1000).unref();
}
