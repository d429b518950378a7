/**
 * Text from traces reaches a terminal: event names, file names, labels, SQL text and binds in
 * `--context`, warnings and errors that quote them. A control character among them (ESC starting
 * a terminal sequence, or the 8-bit CSI U+009B) could move the cursor, rewrite what is shown or
 * set the window title, so every CLI output passes through one of these before it is written:
 * control characters are shown escaped (`\x1b`), never sent raw.
 */

// eslint-disable-next-line no-control-regex
const CONTROL_KEEPING_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/** JSON.stringify escapes U+0000–U+001F itself, but not DEL and the C1 controls. */
const C1 = /[\u007f-\u009f]/g;

const hex = (c: string) => c.charCodeAt(0).toString(16).padStart(2, '0');

/** Text of one or more lines: control characters but TAB and LF escaped. */
export function safeText(text: string): string {
  return text.replace(CONTROL_KEEPING_LINES, (c) => `\\x${hex(c)}`);
}

/** One table cell or one name: TAB and LF escaped too, so a cell stays one line and aligned. */
export function safeField(text: string): string {
  return text.replace(CONTROL, (c) => `\\x${hex(c)}`);
}

/** `--json` output (indented, LF-terminated): still valid JSON, with DEL and C1 as \u escapes. */
export function safeJson(value: unknown, replacer?: (key: string, value: unknown) => unknown): string {
  return `${JSON.stringify(value, replacer, 2).replace(C1, (c) => `\\u00${hex(c)}`)}\n`;
}
