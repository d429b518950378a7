const UTF8 = new TextEncoder();

/**
 * The distinct values of one string column across a whole export, in order of first use: a row
 * holds the value's id. Each row group's dictionary page lists every value so far (ids are global,
 * so rows need no remapping); columns of a trace have few distinct values (events, files,
 * sessions, parameter names, statements), so the repeat is small. Each value is encoded to UTF-8
 * once.
 */
export class StringDictionary {
  private readonly ids = new Map<string, number>();
  readonly encoded: Uint8Array[] = [];
  /** Bytes of the dictionary page's PLAIN values: a 4-byte length and the bytes of each. */
  plainBytes = 0;

  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.encoded.length;
      const bytes = UTF8.encode(value);
      this.encoded.push(bytes);
      this.plainBytes += 4 + bytes.length;
      this.ids.set(value, id);
    }
    return id;
  }

  get size(): number {
    return this.encoded.length;
  }
}
