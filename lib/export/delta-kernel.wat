;; Parquet's DELTA_BINARY_PACKED for INT64 (parquet-format Encodings.md "Delta Encoding"), as
;; lib/export/delta-binary-packed.ts describes it: blocks of 128 values in 4 miniblocks of 32; a
;; header (block size, miniblocks, value count, first value as a zigzag varint); per block the
;; smallest delta (zigzag varint), one bit width per miniblock, then each miniblock's deltas less
;; that minimum, bit-packed LSB first and padded to 32 values. In WebAssembly for its 64-bit
;; integers: the JavaScript encoder took ~5-9 ns a value on float64s, and an export of the 1 GiB
;; benchmark trace encodes ~125 M of them.
;;
;; The caller writes the values (float64 integers) at $values and asks for `encode`; the bytes
;; come out at $out. A value above 2^51 in magnitude makes it return -1 (the column is then
;; written PLAIN: delta-binary-packed.ts), so the deltas less their minimum stay at most 2^53
;; (54 bits; the 64-bit accumulator takes them whole).
(module
  (memory (export "memory") 1)
  ;; One block's deltas (128 i64), then each miniblock's largest (4 i64): scratch at 0.
  (global $deltas i32 (i32.const 0))
  (global $largest i32 (i32.const 1024))

  ;; Writes `value` (unsigned) as a ULEB128 varint at p; returns the end.
  (func $varint (param $p i32) (param $value i64) (result i32)
    (block $done
      (loop $more
        (br_if $done (i64.lt_u (local.get $value) (i64.const 128)))
        (i32.store8 (local.get $p) (i32.or (i32.wrap_i64 (i64.and (local.get $value) (i64.const 127))) (i32.const 128)))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (local.set $value (i64.shr_u (local.get $value) (i64.const 7)))
        (br $more)))
    (i32.store8 (local.get $p) (i32.wrap_i64 (local.get $value)))
    (i32.add (local.get $p) (i32.const 1)))

  (func $zigzag (param $v i64) (result i64)
    (i64.xor (i64.shl (local.get $v) (i64.const 1)) (i64.shr_s (local.get $v) (i64.const 63))))

  ;; Whether the float64 integer v is within 2^51 in magnitude (false for NaN).
  (func $inRange (param $v f64) (result i32)
    (i32.and (f64.le (local.get $v) (f64.const 0x1p51)) (f64.ge (local.get $v) (f64.const -0x1p51))))

  ;; Encodes the m values at `values` (f64) to `out`; returns the bytes written, or -1.
  (func (export "encode") (param $values i32) (param $m i32) (param $out i32) (result i32)
    (local $p i32) (local $start i32) (local $n i32) (local $k i32) (local $b i32) (local $to i32)
    (local $f f64) (local $previous i64) (local $v i64) (local $d i64) (local $min i64) (local $max i64)
    (local $widthsAt i32) (local $used i32) (local $width i32) (local $bit i32) (local $acc i64)
    (local.set $p (call $varint (local.get $out) (i64.const 128)))
    (local.set $p (call $varint (local.get $p) (i64.const 4)))
    (local.set $p (call $varint (local.get $p) (i64.extend_i32_u (local.get $m))))
    (if (i32.gt_u (local.get $m) (i32.const 0))
      (then
        (local.set $f (f64.load (local.get $values)))
        (if (i32.eqz (call $inRange (local.get $f))) (then (return (i32.const -1))))
        (local.set $previous (i64.trunc_f64_s (local.get $f)))))
    (local.set $p (call $varint (local.get $p) (call $zigzag (local.get $previous))))
    (local.set $start (i32.const 1))
    (block $blocksDone
      (loop $blocks
        (br_if $blocksDone (i32.ge_u (local.get $start) (local.get $m)))
        (local.set $n (i32.sub (local.get $m) (local.get $start)))
        (if (i32.gt_u (local.get $n) (i32.const 128)) (then (local.set $n (i32.const 128))))
        ;; The deltas, their minimum, and each miniblock's largest.
        (local.set $min (i64.const 0x7fffffffffffffff))
        (local.set $k (i32.const 0))
        (local.set $b (i32.const 0))
        (block $minisDone
          (loop $minis
            (br_if $minisDone (i32.ge_u (local.get $k) (local.get $n)))
            (local.set $to (i32.add (local.get $k) (i32.const 32)))
            (if (i32.gt_u (local.get $to) (local.get $n)) (then (local.set $to (local.get $n))))
            (local.set $max (i64.const 0x8000000000000000))
            (block $valuesDone
              (loop $values
                (br_if $valuesDone (i32.ge_u (local.get $k) (local.get $to)))
                (local.set $f (f64.load (i32.add (local.get $values) (i32.shl (i32.add (local.get $start) (local.get $k)) (i32.const 3)))))
                (if (i32.eqz (call $inRange (local.get $f))) (then (return (i32.const -1))))
                (local.set $v (i64.trunc_f64_s (local.get $f)))
                (local.set $d (i64.sub (local.get $v) (local.get $previous)))
                (local.set $previous (local.get $v))
                (i64.store (i32.add (global.get $deltas) (i32.shl (local.get $k) (i32.const 3))) (local.get $d))
                (local.set $min (select (local.get $d) (local.get $min) (i64.lt_s (local.get $d) (local.get $min))))
                (local.set $max (select (local.get $d) (local.get $max) (i64.gt_s (local.get $d) (local.get $max))))
                (local.set $k (i32.add (local.get $k) (i32.const 1)))
                (br $values)))
            (i64.store (i32.add (global.get $largest) (i32.shl (local.get $b) (i32.const 3))) (local.get $max))
            (local.set $b (i32.add (local.get $b) (i32.const 1)))
            (br $minis)))
        (local.set $p (call $varint (local.get $p) (call $zigzag (local.get $min))))
        (local.set $widthsAt (local.get $p))
        (local.set $p (i32.add (local.get $p) (i32.const 4)))
        (local.set $used (local.get $b))
        (local.set $b (i32.const 0))
        (block $packDone
          (loop $pack
            (br_if $packDone (i32.ge_u (local.get $b) (i32.const 4)))
            (local.set $width (i32.const 0))
            (if (i32.lt_u (local.get $b) (local.get $used))
              (then (local.set $width (i32.wrap_i64 (i64.sub (i64.const 64)
                      (i64.clz (i64.sub (i64.load (i32.add (global.get $largest) (i32.shl (local.get $b) (i32.const 3)))) (local.get $min))))))))
            (i32.store8 (i32.add (local.get $widthsAt) (local.get $b)) (local.get $width))
            (if (local.get $width)
              (then
                ;; 32 values of `width` bits fill 4·width bytes exactly (the values past the
                ;; block's end are zeros). They gather in a 64-bit accumulator, stored whenever it
                ;; fills: stores at overlapping unaligned places, one per value, cost more than
                ;; twice as much (each load waited for the store before it).
                (local.set $k (i32.shl (local.get $b) (i32.const 5)))
                (local.set $to (i32.add (local.get $k) (i32.const 32)))
                (local.set $acc (i64.const 0))
                (local.set $bit (i32.const 0))
                (block $bitsDone
                  (loop $bits
                    (br_if $bitsDone (i32.ge_u (local.get $k) (local.get $to)))
                    (local.set $v (i64.const 0))
                    (if (i32.lt_u (local.get $k) (local.get $n))
                      (then (local.set $v (i64.sub (i64.load (i32.add (global.get $deltas) (i32.shl (local.get $k) (i32.const 3)))) (local.get $min)))))
                    (local.set $acc (i64.or (local.get $acc) (i64.shl (local.get $v) (i64.extend_i32_u (local.get $bit)))))
                    (local.set $bit (i32.add (local.get $bit) (local.get $width)))
                    (if (i32.ge_u (local.get $bit) (i32.const 64))
                      (then
                        (i64.store align=1 (local.get $p) (local.get $acc))
                        (local.set $p (i32.add (local.get $p) (i32.const 8)))
                        (local.set $bit (i32.sub (local.get $bit) (i32.const 64)))
                        ;; The value's bits that did not fit (none when it ended the word: v < 2^width).
                        (local.set $acc (i64.shr_u (local.get $v) (i64.extend_i32_u (i32.sub (local.get $width) (local.get $bit)))))))
                    (local.set $k (i32.add (local.get $k) (i32.const 1)))
                    (br $bits)))
                ;; 32·width bits: a multiple of 32, so at most half a word is left.
                (if (local.get $bit)
                  (then
                    (i32.store align=1 (local.get $p) (i32.wrap_i64 (local.get $acc)))
                    (local.set $p (i32.add (local.get $p) (i32.const 4)))))))
            (local.set $b (i32.add (local.get $b) (i32.const 1)))
            (br $pack)))
        (local.set $start (i32.add (local.get $start) (i32.const 128)))
        (br $blocks)))
    (i32.sub (local.get $p) (local.get $out)))
)
