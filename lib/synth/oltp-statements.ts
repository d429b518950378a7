import type { SqlStatement } from './call-writer';
import type { Dialect } from './dialects';
import { createRng } from './random';
import { sqlIdOf } from './session-writer';

/**
 * The statements of the synthetic OLTP session: an order-entry client (a customer lookup, the
 * customer's orders, an order line insert, a stock update, a commit, a document read), and the
 * recursive dictionary and sequence statements Oracle runs for them at dep=1.
 *
 * A statement's hash value, sql_id, address and plan hash follow from its text alone, as they do in
 * Oracle, so the same statement has the same key in every session and every file.
 */

export type StatementName = 'customer' | 'orders' | 'insertLine' | 'updateStock' | 'commit' | 'document' | 'objLookup' | 'sequence';

interface StatementSource {
  text: readonly string[];
  oct: number;
  dep: number;
  /** INSERT … VALUES and COMMIT have no plan: plh=0. */
  hasPlan: boolean;
  parent?: StatementName;
}

const SOURCES: Record<StatementName, StatementSource> = {
  customer: { text: ['SELECT name, credit_limit FROM customers WHERE customer_id = :1'], oct: 3, dep: 0, hasPlan: true },
  orders: {
    // Multi-line text: `len=` counts the newlines.
    text: ['SELECT o.order_id, o.status, o.order_total', '  FROM orders o', ' WHERE o.customer_id = :1', ' ORDER BY o.order_date DESC'],
    oct: 3,
    dep: 0,
    hasPlan: true,
  },
  insertLine: {
    text: ['INSERT INTO order_items (order_id, line_item_id, product_id, unit_price, quantity)', 'VALUES (:1, order_items_seq.nextval, :2, :3, :4)'],
    oct: 2,
    dep: 0,
    hasPlan: false,
  },
  updateStock: { text: ['UPDATE inventories SET quantity_on_hand = quantity_on_hand - :1 WHERE product_id = :2 AND warehouse_id = :3'], oct: 6, dep: 0, hasPlan: true },
  commit: { text: ['COMMIT'], oct: 44, dep: 0, hasPlan: false },
  document: { text: ['SELECT doc FROM order_docs WHERE order_id = :1'], oct: 3, dep: 0, hasPlan: true },
  // Recursive SQL (dep=1): the dictionary lookup of the orders query's hard parse, and the sequence
  // refresh under the insert's EXEC when the cached values run out.
  objLookup: {
    text: [
      'select obj#,type#,ctime,mtime,stime, status, dataobj#, flags, oid$, spare1, spare2 from obj$ where owner#=:1 and name=:2 and namespace=:3 and remoteowner is null and linkname is null and subname is null',
    ],
    oct: 3,
    dep: 1,
    hasPlan: true,
    parent: 'orders',
  },
  sequence: {
    text: ['update seq$ set increment$=:2,minvalue=:3,maxvalue=:4,cycle#=:5,order$=:6,cache=:7,highwater=:8,audit$=:9,flags=:10 where obj#=:1'],
    oct: 6,
    dep: 1,
    hasPlan: true,
    parent: 'insertLine',
  },
};

export type StatementCatalog = Readonly<Record<StatementName, SqlStatement>>;

/** The identities of a text: deterministic from the text, like Oracle's (which takes them from its MD5). */
function identities(text: readonly string[]): { hv: number; sqlId: string; ad: string; plh: number } {
  const r = createRng(`sql text\n${text.join('\n')}`);
  return { hv: r.int(100_000_000, 4_294_967_295), sqlId: sqlIdOf(r), ad: r.int(0x10000000, 0x7fffffff).toString(16), plh: r.int(100_000_000, 4_294_967_295) };
}

/** The catalogue as a dialect writes it: keyed by sql_id from 11g, by hash value before. */
export function statementCatalog(d: Dialect): StatementCatalog {
  const out = {} as Record<StatementName, SqlStatement>;
  const keyOf = (src: StatementSource): string => {
    const id = identities(src.text);
    return d.sqlid ? id.sqlId : String(id.hv);
  };
  for (const [name, src] of Object.entries(SOURCES) as [StatementName, StatementSource][]) {
    const id = identities(src.text);
    out[name] = {
      key: keyOf(src),
      text: src.text,
      oct: src.oct,
      dep: src.dep,
      hv: id.hv,
      sqlId: id.sqlId,
      ad: id.ad,
      plh: src.hasPlan ? id.plh : 0,
      parent: src.parent ? keyOf(SOURCES[src.parent]) : null,
    };
  }
  return out;
}
