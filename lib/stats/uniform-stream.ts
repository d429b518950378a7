/**
 * Uniform [0, 1) numbers from sfc32 (C. Doty-Humphrey, public domain), seeded by splitmix32,
 * produced a buffer at a time. The generator runs on local variables in `refill`: as closure
 * variables its 32-bit words would be boxed by V8 (they exceed the 31-bit small integers), and a
 * call per number costs more than the number. `(t >>> 0) / 2^32` is 3× slower than `t·2^-32 + ½`
 * (uint32 → double), so the words map to [0, 1) through the signed value.
 */
export class UniformStream {
  readonly buf = new Float64Array(4096);
  pos = 4096;
  private readonly state: Int32Array;

  constructor(seed: number) {
    let s = seed >>> 0;
    const split = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return z ^ (z >>> 16);
    };
    this.state = Int32Array.of(split(), split(), split(), split());
  }

  /** Refills the buffer when fewer than `need` numbers are left (call before taking them). */
  ensure(need: number): void {
    if (this.pos + need > this.buf.length) this.refill();
  }

  /** Overwrites the whole buffer with fresh numbers and sets `pos` to 0. */
  refill(): void {
    const st = this.state;
    let a = st[0]!;
    let b = st[1]!;
    let c = st[2]!;
    let d = st[3]!;
    const buf = this.buf;
    for (let i = 0; i < buf.length; i++) {
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (((c << 21) | (c >>> 11)) + t) | 0;
      buf[i] = t * 2.3283064365386963e-10 + 0.5; // int32/2^32 + ½: exact, in [0, 1)
    }
    st.set([a, b, c, d]);
    this.pos = 0;
  }

  next(): number {
    this.ensure(1);
    return this.buf[this.pos++]!;
  }
}
