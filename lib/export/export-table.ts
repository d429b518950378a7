import { ColumnBatch, ROW_GROUP_ROWS } from './column-batch';
import type { TableSchema } from './parquet-schema';
import { ParquetTableWriter, type ByteSink } from './parquet-table-writer';

/** A table being exported: its batch, written as a row group whenever it fills. */
export class ExportTable {
  readonly batch: ColumnBatch;
  private readonly writer: ParquetTableWriter;

  constructor(schema: TableSchema, sink: ByteSink, capacity = ROW_GROUP_ROWS) {
    this.batch = new ColumnBatch(schema, capacity);
    this.writer = new ParquetTableWriter(schema, sink);
  }

  /** The index of a new row in the batch (its values are set by the caller). */
  row(): number {
    if (this.batch.full) this.writer.writeRowGroup(this.batch);
    return this.batch.rows++;
  }

  get rows(): number {
    return this.writer.rowsWritten + this.batch.rows;
  }

  finish(): void {
    this.writer.writeRowGroup(this.batch);
    this.writer.finish();
  }
}
