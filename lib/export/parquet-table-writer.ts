import { ByteWriter } from 'hyparquet-writer';
import { writePageHeader } from 'hyparquet-writer/src/datapage.js';
import { writeMetadata } from 'hyparquet-writer/src/metadata.js';
import type { ColumnBatch } from './column-batch';
import { schemaElements, type ColumnChunk, type ColumnSpec, type FileMetaData, type RowGroup, type TableSchema } from './parquet-schema';

type KeyValue = NonNullable<FileMetaData['key_value_metadata']>[number];
import { deltaBound, encodeDeltaInt64 } from './delta-binary-packed';
import { bitWidthFor, encodeBitLevels, encodeRleHybrid, rleHybridBound } from './rle-hybrid';
import { Scratch } from './scratch';
import type { StringDictionary } from './string-dictionary';

/**
 * Where a table's bytes go, in order: a file (the CLI), Blob parts (the page's worker), an array
 * (tests). `bytes` is valid only during the call (the writer reuses its buffers): copy to keep.
 */
export interface ByteSink {
  write(bytes: Uint8Array): void;
}

const MAGIC = new Uint8Array([0x50, 0x41, 0x52, 0x31]); // PAR1
const TWO_32 = 4294967296;

/**
 * Writes one Parquet table, a row group per ColumnBatch, as the rows are collected: only one row
 * group is ever held. hyparquet-writer (a maintained writer) serialises what Parquet's Thrift
 * structures need, the page headers and the footer; the column values are encoded here from the
 * typed arrays, since its row-at-a-time encoders (a BigInt per INT64 value, a Map lookup per
 * string) wrote 0.32–0.33 M rows/s of the waits table against 12–14 M here, where a 1 GiB
 * trace has 11 M rows (bench/export-bench.mjs, and the README).
 *
 * Pages are DATA_PAGE (v1), uncompressed, one per column per row group: INT64 values
 * DELTA_BINARY_PACKED (PLAIN past 2^51),
 * strings RLE_DICTIONARY with a PLAIN dictionary page, nulls as RLE definition levels.
 */
export class ParquetTableWriter {
  private offset = 0;
  private rows = 0;
  private readonly rowGroups: RowGroup[] = [];
  /** Buffers reused from column to column and row group to row group: no garbage per page. */
  private readonly scratch = new Scratch();

  constructor(
    private readonly schema: TableSchema,
    private readonly sink: ByteSink,
    private readonly keyValues: KeyValue[] = [],
  ) {
    this.emit(MAGIC);
  }

  get rowsWritten(): number {
    return this.rows;
  }

  /** Writes the batch's rows as one row group and empties the batch. */
  writeRowGroup(batch: ColumnBatch): void {
    const n = batch.rows;
    if (n === 0) return;
    const start = this.offset;
    const columns = this.schema.map((spec, c) => this.column(spec, batch, c, n));
    const size = BigInt(this.offset - start);
    this.rowGroups.push({ columns, num_rows: BigInt(n), total_byte_size: size, total_compressed_size: size, file_offset: BigInt(start) });
    this.rows += n;
    batch.rows = 0;
  }

  /** Writes the footer; the table is complete after this. */
  finish(): void {
    const footer = new ByteWriter();
    const metadata: FileMetaData = {
      version: 2,
      schema: schemaElements(this.schema),
      num_rows: BigInt(this.rows),
      row_groups: this.rowGroups,
      key_value_metadata: this.keyValues,
      created_by: 'waitscope (hyparquet-writer for the Thrift)',
      metadata_length: 0,
    };
    writeMetadata(footer, metadata);
    this.emit(footer.getBytes().slice());
    this.emit(MAGIC);
  }

  private column(spec: ColumnSpec, batch: ColumnBatch, c: number, n: number): ColumnChunk {
    const chunkStart = this.offset;
    let dictionaryOffset: bigint | undefined;
    let values: EncodedValues;
    let present: number;
    if (spec.kind === 'string') {
      const dictionary = batch.dictionaries[c] as StringDictionary;
      if (dictionary.size === 0) dictionary.id(''); // a column of nulls still needs a dictionary page; no row points at it
      dictionaryOffset = BigInt(this.offset);
      this.dictionaryPage(dictionary);
      const ids = spec.nullable ? this.presentIds(batch.id(c), n) : { kept: batch.id(c), m: n };
      present = ids.m;
      values = this.dictionaryIds(ids.kept, ids.m, bitWidthFor(dictionary.size));
    } else {
      const numbers = spec.nullable ? this.presentNumbers(batch.number(c), n) : { kept: batch.number(c), m: n };
      present = numbers.m;
      values = this.int64Values(numbers.kept, numbers.m);
    }
    const levels = spec.nullable ? this.definitionLevels(n, present) : null;
    const dataOffset = BigInt(this.offset);
    const size = (levels ? 4 + levels.length : 0) + values.bytes.length;
    this.pageHeader({
      type: 'DATA_PAGE',
      uncompressed_page_size: size,
      compressed_page_size: size,
      data_page_header: { num_values: n, encoding: values.encoding, definition_level_encoding: 'RLE', repetition_level_encoding: 'RLE' },
    });
    if (levels) {
      this.emit(uint32(levels.length));
      this.emit(levels);
    }
    this.emit(values.bytes);
    const chunkSize = BigInt(this.offset - chunkStart);
    return {
      file_offset: BigInt(chunkStart),
      meta_data: {
        type: spec.kind === 'string' ? 'BYTE_ARRAY' : 'INT64',
        encodings: spec.kind === 'string' ? ['PLAIN', 'RLE', 'RLE_DICTIONARY'] : ['RLE', values.encoding],
        path_in_schema: [spec.name],
        codec: 'UNCOMPRESSED',
        num_values: BigInt(n),
        total_uncompressed_size: chunkSize,
        total_compressed_size: chunkSize,
        data_page_offset: dataOffset,
        ...(dictionaryOffset !== undefined && { dictionary_page_offset: dictionaryOffset }),
      },
    };
  }

  /**
   * The RLE definition levels of a nullable column: 1 where it has a value, 0 for null, from the
   * bits the present*() pass packed. With no null (`present` = n), one run of n ones, and with no
   * value one run of n zeros, written without a look at them (the present*() pass packs no bits
   * for them).
   */
  private definitionLevels(n: number, present: number): Uint8Array {
    if (present === n || present === 0) {
      const out = this.scratch.bytes('levels', 16);
      let p = 0;
      for (let v = n * 2; ; v = Math.floor(v / 128)) {
        if (v < 128) {
          out[p++] = v;
          break;
        }
        out[p++] = (v % 128) | 0x80;
      }
      out[p++] = present === n ? 1 : 0;
      return out.subarray(0, p);
    }
    const out = this.scratch.bytes('levels', rleHybridBound(n, 1));
    return out.subarray(0, encodeBitLevels(this.scratch.bytes('bits', (n + 7) >> 3), n, out));
  }

  /**
   * A nullable string column's ids that are not null (-1), and how many; when some are and some
   * are not, which, packed 8 to a byte in the scratch's `bits` (definitionLevels). An id is there
   * when it is >= 0.
   */
  private presentIds(ids: Int32Array, n: number): { kept: Int32Array; m: number } {
    return this.present(ids, n, 0, () => this.scratch.int32('ids', n));
  }

  /** A nullable number column's values that are not null (NaN), as presentIds says: >= -Infinity, which NaN never is. */
  private presentNumbers(values: Float64Array, n: number): { kept: Float64Array; m: number } {
    return this.present(values, n, -Infinity, () => this.scratch.float64('present', n));
  }

  /**
   * The values of a nullable column that are there (`>= floor`), and how many. Most columns are
   * all values or all nulls: found by a look that stops at the first row of the other kind, and
   * given as they are, with no copy and no bits. Otherwise the whole bytes of values before the
   * first null as they are, then the rest gathered, their level bits packed as they go.
   */
  private present<T extends Int32Array | Float64Array>(values: T, n: number, floor: number, scratch: () => T): { kept: T; m: number } {
    let first = 0;
    while (first < n && (values[first] as number) >= floor) first++;
    if (first === n) return { kept: values, m: n };
    let value = first;
    while (value < n && !((values[value] as number) >= floor)) value++;
    if (first === 0 && value === n) return { kept: values, m: 0 };
    const kept = scratch();
    const bits = this.scratch.bytes('bits', (n + 7) >> 3);
    const from = first & ~7;
    kept.set(values.subarray(0, from));
    bits.fill(0xff, 0, from >> 3);
    let m = from;
    for (let g = from; g < n; g += 8) {
      const end = Math.min(n, g + 8);
      let byte = 0;
      for (let i = g; i < end; i++) {
        const v = values[i] as number;
        const has = v >= floor ? 1 : 0;
        kept[m] = v;
        m += has;
        byte |= has << (i - g);
      }
      bits[g >> 3] = byte;
    }
    return { kept, m };
  }

  /** The ids, as RLE_DICTIONARY data: the bit width in one byte, then the hybrid runs. */
  private dictionaryIds(kept: Int32Array, m: number, width: number): EncodedValues {
    const out = this.scratch.bytes('values', 1 + rleHybridBound(m, width));
    out[0] = width;
    return { encoding: 'RLE_DICTIONARY', bytes: out.subarray(0, encodeRleHybrid(kept, m, width, out, 1)) };
  }

  /** An INT64 column's values: DELTA_BINARY_PACKED, or PLAIN where a value is too large for it. */
  private int64Values(present: Float64Array, m: number): EncodedValues {
    const out = this.scratch.bytes('values', Math.max(deltaBound(m), 8 * m));
    const length = encodeDeltaInt64(present, m, out);
    if (length >= 0) return { encoding: 'DELTA_BINARY_PACKED', bytes: out.subarray(0, length) };
    return { encoding: 'PLAIN', bytes: plainInt64(present, m, out) };
  }

  private dictionaryPage(dictionary: StringDictionary): void {
    const body = new Uint8Array(dictionary.plainBytes);
    const view = new DataView(body.buffer);
    let p = 0;
    for (const bytes of dictionary.encoded) {
      view.setUint32(p, bytes.length, true);
      body.set(bytes, p + 4);
      p += 4 + bytes.length;
    }
    this.pageHeader({ type: 'DICTIONARY_PAGE', uncompressed_page_size: body.length, compressed_page_size: body.length, dictionary_page_header: { num_values: dictionary.size, encoding: 'PLAIN' } });
    this.emit(body);
  }

  private pageHeader(header: Parameters<typeof writePageHeader>[1]): void {
    const head = new ByteWriter(64);
    writePageHeader(head, header);
    this.emit(head.getBytes());
  }

  private emit(bytes: Uint8Array): void {
    this.offset += bytes.length;
    this.sink.write(bytes);
  }
}

/** A data page's values and how they are encoded. */
interface EncodedValues {
  encoding: 'PLAIN' | 'DELTA_BINARY_PACKED' | 'RLE_DICTIONARY';
  bytes: Uint8Array;
}

/** PLAIN INT64: little-endian two's complement, low then high 32 bits (typed arrays are little-endian on every platform Node and browsers run on). */
function plainInt64(values: Float64Array, m: number, into: Uint8Array): Uint8Array {
  const out = into.subarray(0, 8 * m);
  const words = new Uint32Array(out.buffer, out.byteOffset, 2 * m);
  let k = 0;
  for (let i = 0; i < m; i++) {
    const v = values[i] as number;
    // v = high · 2^32 + low with 0 ≤ low < 2^32: exact for |v| < 2^53, and the high word's two's complement is the INT64's.
    const high = Math.floor(v / TWO_32);
    words[k++] = v - high * TWO_32;
    words[k++] = high >>> 0;
  }
  return out;
}

function uint32(value: number): Uint8Array {
  return new Uint8Array([value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff]);
}
