import { Clock } from './clock';
import { noObject, waitParams, type Dialect } from './dialects';
import { createRng, deriveSeed, type Rng, type Seed } from './random';
import type { TraceBuilder, WaitSpec } from './trace-writer';
import { createElaStream, type ElaStream, type PresetName } from './wait-model';

/**
 * Writes the records of one traced session into a TraceBuilder in the dialect of one release. Fixture
 * recipes call it step by step so they can splice damage in between.
 *
 * Randomness: `log file sync` ela values come only from the model's ela stream (see wait-model.ts), one
 * draw per `log file sync` WAIT, in file order. Everything else (other events, cursor numbers, c/e/cr,
 * buffer#, scn) comes from a separate `noise` stream.
 */

export interface SessionOptions {
  seed: Seed;
  preset: PresetName;
  sid: number;
  serial: number;
  module: string;
  action: string;
  clientId: string;
  service: string;
  clock: Clock;
  /**
   * Multiplies the model's `log file sync` values. 1 (the default) is Harrison's 2012 Exadata; the 8i
   * fixture uses ~15 because 2001-era redo disks took ~10 ms and whole centiseconds must show up.
   */
  elaScale?: number;
}

export type CallKind = 'PARSE' | 'EXEC' | 'FETCH';

/** Typical ela ranges (µs) of the events that are not from the model. */
const OTHER_ELA: Record<string, [number, number]> = {
  'SQL*Net message to client': [1, 9],
  'SQL*Net message from client': [150, 900_000],
  'SQL*Net more data from client': [5, 400],
  'SQL*Net break/reset to client': [2, 40],
  'db file sequential read': [180, 14_000],
  'db file scattered read': [400, 25_000],
  'direct path read': [300, 6_000],
  'enq: TX - row lock contention': [50_000, 3_000_000],
  enqueue: [50_000, 3_000_000],
  'log file switch completion': [8_000, 180_000],
  'log file sync: SCN ordering': [5, 400],
  'Disk file operations I/O': [3, 60],
  'PGA memory operation': [2, 30],
};

/** An ela (µs) of an event that is not from the model: skewed within OTHER_ELA's range, many short, a few long. One draw. */
export function otherEla(rng: Rng, event: string): number {
  const [lo, hi] = OTHER_ELA[event] ?? [1, 1000];
  return skewedBetween(rng, lo, hi);
}

/** lo·(hi/lo)^(u²): between lo and hi, most values near lo. One draw. */
export function skewedBetween(rng: Rng, lo: number, hi: number): number {
  return Math.round(lo * Math.pow(hi / lo, rng.next() ** 2));
}

export class SessionWriter {
  readonly noise: Rng;
  readonly ela: ElaStream;
  private nextSmallCursor = 1;
  private readonly params: { scn: number };
  /** `obj#` of the table the session updates. */
  readonly tableObj: number;

  constructor(
    readonly b: TraceBuilder,
    readonly d: Dialect,
    readonly o: SessionOptions,
  ) {
    this.noise = createRng(deriveSeed(o.seed, 'noise'));
    this.ela = createElaStream(o.preset, o.seed);
    this.tableObj = this.noise.int(70_000, 90_000);
    this.params = { scn: 40_218_191_431_498 + this.noise.int(0, 99_999_999) };
  }

  get clock(): Clock {
    return this.o.clock;
  }

  newCursor(): string {
    if (!this.d.largeCursors) return String(this.nextSmallCursor++);
    // 15 digits, 8-byte aligned like the heap addresses they are (§6).
    return String(140_000_000_000_000 + this.noise.int(0, 999_999_999) * 8);
  }

  stampText(): string {
    if (this.d.stamp === 'old') return this.clock.stampOld();
    return this.clock.stampIso(this.d.utcOffset);
  }

  /** A bare `***` stamp (§4), with the container suffix in 12.2+. */
  stamp(): this {
    const suffix = this.d.stamp === 'iso' && this.d.container ? ` (${this.d.container})` : '';
    this.b.lineOf(`*** ${this.stampText()}${suffix}`);
    return this;
  }

  /** Session start: bare stamp, `*** KEY:(value) ts` lines, APPNAME (pre-10g), and the blank separator. */
  sessionStart(): this {
    this.stamp();
    const o = this.o;
    const values: Record<string, string> = {
      'SESSION ID': `${o.sid}.${o.serial}`,
      'CLIENT ID': o.clientId,
      'SERVICE NAME': o.service,
      'MODULE NAME': o.module,
      'ACTION NAME': o.action,
      'CLIENT DRIVER': 'jdbcthin : 21.4.0.0.0',
      'CONTAINER ID': '3',
      'CLIENT IP': '10.0.2.2',
      'CONNECTION ID': 'fLaTMNmRQAeHR/9wKx0RJQ==',
    };
    for (const key of this.d.sessionKeys) {
      this.clock.advance(this.noise.int(2, 9));
      this.b.lineOf(`*** ${key}:(${values[key] ?? ''}) ${this.stampText()}`);
    }
    if (this.d.appname) this.b.lineOf(`APPNAME mod='${o.module}' mh=3669949024 act='${o.action}' ah=4029777240`);
    this.b.lineOf(this.d.stamp === 'iso' ? ' ' : '');
    return this;
  }

  /** `=====================` + `PARSING IN CURSOR … END OF STMT` + PARSE. SQL text is free-form (§5). */
  parse(sqlText: readonly (string | Uint8Array)[], opts: { dep?: number; oct?: number } = {}): string {
    const c = this.newCursor();
    const n = this.noise;
    // `len=` counts characters; raw byte lines count their bytes.
    const len = sqlText.reduce((acc, l) => acc + l.length, 0) + sqlText.length - 1;
    const hv = n.int(100_000_000, 4_294_967_295);
    const ad = n.int(0x10000000, 0xffffffff).toString(16);
    const sqlid = this.d.sqlid ? ` sqlid='${sqlIdOf(n)}'` : '';
    this.clock.advance(n.int(20, 400));
    this.b.lineOf('=====================');
    this.b.lineOf(
      `PARSING IN CURSOR #${c} len=${len} dep=${opts.dep ?? 0} uid=108 oct=${opts.oct ?? 6} lid=108 tim=${this.clock.tim} hv=${hv} ad='${ad}'${sqlid}`,
    );
    for (const l of sqlText) {
      if (typeof l === 'string') this.b.lineOf(l);
      else this.b.bytes(l).text('\n');
    }
    this.b.lineOf('END OF STMT');
    this.call('PARSE', c, { mis: 1 });
    return c;
  }

  /** A PARSE/EXEC/FETCH line as text, advancing the clock; `write` puts it in the file. */
  callLine(kind: CallKind, cursor: string, o: { r?: number; mis?: number; dep?: number; cr?: number } = {}): string {
    const n = this.noise;
    const eUs = n.int(15, 900);
    this.clock.advance(eUs);
    const cs = this.d.unit === 'cs';
    // 9i reports c= in 10 ms steps (§1 table); 8i writes c/e in centiseconds.
    const e = cs ? Math.round(eUs / 10_000) : eUs;
    const c = cs ? 0 : this.d.family === '9i' ? 10_000 * n.int(0, 2) : Math.max(0, eUs - n.int(0, 10));
    const plh = this.d.plh ? `,plh=${kind === 'PARSE' ? 0 : 2_725_028_981}` : '';
    const og = kind === 'PARSE' ? 1 : this.d.family === '8i' || this.d.family === '9i' ? 4 : 1;
    return `${kind} #${cursor}:c=${c},e=${e},p=0,cr=${o.cr ?? n.int(0, 9)},cu=${kind === 'EXEC' ? n.int(1, 6) : 0},mis=${o.mis ?? 0},r=${o.r ?? 0},dep=${o.dep ?? 0},og=${og}${plh},tim=${this.clock.tim}`;
  }

  call(kind: CallKind, cursor: string, o: { r?: number; mis?: number; dep?: number; cr?: number } = {}): this {
    this.b.lineOf(this.callLine(kind, cursor, o));
    return this;
  }

  xctend(): this {
    this.clock.advance(this.noise.int(3, 30));
    this.b.lineOf(`XCTEND rlbk=0, rd_only=0${this.d.xctendTim ? `, tim=${this.clock.tim}` : ''}`);
    return this;
  }

  /**
   * The spec of the next WAIT of `event`, advancing the clock by its ela. `log file sync` takes its ela
   * from the model (unless `elaUs` is given); 8i values are rounded to centiseconds.
   */
  waitSpec(cursor: string, event: string, elaUs?: number): WaitSpec {
    let us = elaUs;
    if (us === undefined) {
      if (event === 'log file sync') us = Math.round(this.ela.next() * (this.o.elaScale ?? 1));
      else us = otherEla(this.noise, event);
    }
    const params = waitParams(event, this.d, this.noise, this.params);
    this.clock.advance(us + this.noise.int(1, 40));
    const cs = this.d.unit === 'cs';
    const onObject = event.startsWith('db file') || event.startsWith('enq') || event === 'enqueue';
    return {
      cursor,
      event,
      ela: cs ? Math.round(us / 10_000) : us,
      params,
      obj: this.d.obj === 'absent' ? null : onObject ? this.tableObj : noObject(this.d),
      tim: this.d.waitTim ? this.clock.tim : null,
      unit: this.d.unit,
      elaSpace: this.d.elaSpace,
    };
  }

  wait(cursor: string, event: string, elaUs?: number): this {
    this.b.wait(this.waitSpec(cursor, event, elaUs));
    return this;
  }

  /** One turn of a commit loop (the shape of Harrison's test): waits inside EXEC, EXEC, XCTEND, log file sync, round trip. */
  commit(cursor: string, o: { during?: readonly string[]; syncCursor?: string } = {}): this {
    for (const ev of o.during ?? []) this.wait(cursor, ev);
    this.call('EXEC', cursor, { r: 1 });
    this.xctend();
    this.wait(o.syncCursor ?? '0', 'log file sync');
    this.wait('0', 'SQL*Net message to client');
    this.wait('0', 'SQL*Net message from client');
    return this;
  }

  /** STAT lines (§5) in the release's shape. */
  stat(cursor: string, rows: readonly { id: number; pid: number; op: string; obj: number; cnt: number }[]): this {
    for (const r of rows) {
      const cr = this.noise.int(1, 20);
      const time = this.noise.int(20, 900);
      const stats =
        this.d.statStyle === 'plain'
          ? ' '
          : this.d.statStyle === 'timed'
            ? ` (cr=${cr} pr=0 pw=0 time=${time} us)`
            : this.d.statStyle === 'costed'
              ? ` (cr=${cr} pr=0 pw=0 str=1 time=${time} us cost=2 size=13 card=1)`
              : ` (cr=${cr} pr=0 pw=0 str=1 time=${time} dr=0 dw=0 us cost=2 size=13 card=1)`;
      this.b.lineOf(`STAT #${cursor} id=${r.id} cnt=${r.cnt} pid=${r.pid} pos=1 obj=${r.obj} op='${r.op}${stats}'`);
    }
    return this;
  }

  close(cursor: string): this {
    if (!this.d.closeLines) return this;
    this.clock.advance(this.noise.int(2, 20));
    this.b.lineOf(`CLOSE #${cursor}:c=0,e=${this.noise.int(1, 15)},dep=0,type=${this.noise.int(0, 3)},tim=${this.clock.tim}`);
    return this;
  }

  /** A BINDS block (§5): ` Bind#n` + indented lines, no end marker. Values may be raw bytes. */
  binds(cursor: string, values: readonly (string | Uint8Array)[]): this {
    this.b.lineOf(`BINDS #${cursor}:`);
    if (this.d.appname) return this.bindsPre10g(values);
    this.b.lineOf(this.d.stamp === 'iso' ? '' : ' ');
    values.forEach((v, i) => {
      const len = typeof v === 'string' ? v.length : v.length;
      const isNumber = typeof v === 'string' && /^\d+$/.test(v);
      this.b.lineOf(` Bind#${i}`);
      this.b.lineOf(isNumber ? '  oacdty=02 mxl=22(22) mxlc=00 mal=00 scl=00 pre=00' : `  oacdty=01 mxl=2000(${Math.min(len, 2000)}) mxlc=00 mal=00 scl=00 pre=00`);
      this.b.lineOf(isNumber ? '  oacflg=03 fl2=1000000 frm=00 csi=00 siz=24 off=0' : '  oacflg=03 fl2=1000010 frm=01 csi=873 siz=2000 off=0');
      this.b.lineOf(`  kxsbbbfp=7f7cd6a7a480  bln=${isNumber ? 22 : 2000}  avl=${String(Math.min(len, 99)).padStart(2, '0')}  flg=05`);
      if (typeof v === 'string') this.b.lineOf(isNumber ? `  value=${v}` : `  value="${v}"`);
      else this.b.text('  value="').bytes(v).text('"\n');
    });
    return this;
  }

  /** 8i/9i: ` bind 0: dty=2 mxl=22(22) …` / `   bfp=… bln=22 avl=02 flg=05` / `   value=42`. */
  private bindsPre10g(values: readonly (string | Uint8Array)[]): this {
    values.forEach((v, i) => {
      const isNumber = typeof v === 'string' && /^\d+$/.test(v);
      const dty = isNumber ? 'dty=2 mxl=22(22) mal=00 scl=00 pre=00 oacflg=03 oacfl2=0 size=24 offset=0' : 'dty=1 mxl=32(05) mal=00 scl=00 pre=00 oacflg=03 oacfl2=10 size=32 offset=0';
      this.b.lineOf(` bind ${i}: ${dty}`);
      this.b.lineOf(`   bfp=0a3f5c2c bln=${isNumber ? 22 : 32} avl=${String(v.length).padStart(2, '0')} flg=05`);
      if (typeof v === 'string') this.b.lineOf(isNumber ? `   value=${v}` : `   value="${v}"`);
      else this.b.text('   value="').bytes(v).text('"\n');
    });
    return this;
  }
}

/** 13 characters of the sql_id alphabet (base 32 without e, i, l, o). */
export function sqlIdOf(n: Rng): string {
  const alphabet = '0123456789abcdfghjkmnpqrstuvwxyz';
  let s = '';
  for (let i = 0; i < 13; i++) s += alphabet[n.int(0, 31)];
  return s;
}
