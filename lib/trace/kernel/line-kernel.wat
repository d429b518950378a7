;; The line kernel: finds every complete line of a chunk with SIMD, classifies it, and parses
;; the common WAIT line shape. It is stateless per line; lib/trace/scanner.ts keeps all state
;; (SQL text, sessions, warnings) and handles every line the kernel does not fully parse, with
;; the same code it uses without the kernel. Why: a JavaScript byte loop over each line measured
;; ~0.5 GB/s per core here, far from `grep -c`; this kernel moves the per-byte work out of JS.
;;
;; Rebuild the embedded bytes after editing: `node scripts/build-kernel.mjs` (a test checks they
;; match this source).
;;
;; One record per line, except record lines of kind 2, which are only counted. 48 bytes,
;; positions relative to `in`:
;;   0 i32 kind | flags << 8      8 i32 end (exclusive, CR stripped)   16 i32 name length
;;   4 i32 start                 12 i32 name start                     20 i32 name hash 1
;;  24 f64 ela                   32 f64 tim (NaN when absent)          40 i32 name hash 2
;;  44 i32 line index within the call
;; kinds: 0 other line, 1 WAIT parsed, 2 record line (EXEC, FETCH, …) that ends in a value
;;        (counted, not emitted), 3 WAIT line the kernel could not parse (the scanner reports
;;        why), 4 plain SQL text (neither emitted nor counted), 5 WAIT of a known event booked
;;        in the event table (not emitted), 6 WAIT of the event the scanner keeps samples of,
;;        booked in the event table and written to the sample columns (not emitted)
;; flags: 1 a `W` after the first byte (a glued record may hide there), 2 a byte >= 0x80,
;;        4 the line ends in a digit, 8 record lines or WAITs were counted (not emitted) since the
;;        last record
(module
  (memory (export "memory") 2)
  ;; Where the last call stopped: the start of the first line it did not finish.
  (global $consumed (export "consumed") (mut i32) (i32.const 0))
  ;; Complete lines the last call went through, and record lines (kind 2) it counted without
  ;; emitting them, and whether the last of those came after the last emitted record.
  (global $lines (export "lines") (mut i32) (i32.const 0))
  (global $skippedRecords (export "skippedRecords") (mut i32) (i32.const 0))
  (global $recordsAfterLast (export "recordsAfterLast") (mut i32) (i32.const 0))
  ;; Inside PARSING IN CURSOR … END OF STMT: set by the scanner before a call, kept per line.
  ;; SQL text lines are skipped unless they hold bytes >= 0x80 (the scanner checks their UTF-8);
  ;; the lines that open and close SQL text are always emitted, so the scanner sees them too.
  (global $inSql (export "inSql") (mut i32) (i32.const 0))
  ;; The event table (see $countWait) and what the scanner still needs to see: the next WAIT
  ;; with a tim (set by the scanner, and again after every *** line, where a time anchor may
  ;; start). $waitsCounted: WAITs booked here, not emitted.
  (global $events (export "events") (mut i32) (i32.const 0))
  (global $wantTim (export "wantTim") (mut i32) (i32.const 1))
  (global $waitsCounted (export "waitsCounted") (mut i32) (i32.const 0))
  ;; Samples of the event the scanner keeps (kind 6) are written here as columns, not emitted:
  ;; at $samples, MAX entries each of f64 ela, f64 tim, f64 file offset, i32 line number and
  ;; i32 "records emitted before it" (so the scanner knows which session it belongs to).
  (global $samples (export "samples") (mut i32) (i32.const 0))
  (global $maxSamples (export "maxSamples") (mut i32) (i32.const 0))
  (global $sampleCount (export "sampleCount") (mut i32) (i32.const 0))

  (func (export "scan") (param $in i32) (param $len i32) (param $out i32) (param $maxRecords i32)
                        (param $firstLine i32) (param $offsetBase f64) (result i32)
    (local $end i32) (local $s i32) (local $p i32) (local $n i32) (local $rec i32)
    (local $v v128) (local $m i32) (local $rem i32) (local $valid i32) (local $flags i32)
    (local $newlines v128) (local $ws v128) (local $v2 v128)
    (local $nl i32) (local $e i32) (local $w i32) (local $lineIndex i32) (local $skipped i32) (local $pending i32)
    (local.set $end (i32.add (local.get $in) (local.get $len)))
    (local.set $newlines (i8x16.splat (i32.const 10)))
    (local.set $ws (i8x16.splat (i32.const 87)))
    (local.set $s (local.get $in))
    (global.set $waitsCounted (i32.const 0))
    (global.set $sampleCount (i32.const 0))
    (local.set $rec (local.get $out))
    (block $done
      (loop $lines
        (br_if $done (i32.ge_u (local.get $n) (local.get $maxRecords)))
        (br_if $done (i32.ge_u (global.get $sampleCount) (global.get $maxSamples)))
        ;; A line's own first `W` (of `WAIT #`) is not a glue suspect: start the search after it.
        (local.set $p (i32.add (local.get $s)
          (i32.and (i32.lt_u (local.get $s) (local.get $end)) (i32.eq (i32.load8_u (local.get $s)) (i32.const 87)))))
        (local.set $flags (i32.const 0))
        ;; 16 bytes at a time: newline, `W` and high-byte masks. The caller pads the input with
        ;; 16 readable bytes, and bits past `end` are masked off.
        (block $found
          (loop $block16
            (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
            (local.set $rem (i32.sub (local.get $end) (local.get $p)))
            ;; Fastest path: 32 plain bytes (no newline, `W` or byte >= 0x80) skipped at once.
            (if (i32.ge_u (local.get $rem) (i32.const 32))
              (then
                (local.set $v (v128.load align=1 (local.get $p)))
                (local.set $v2 (v128.load offset=16 align=1 (local.get $p)))
                (if (i32.eqz (i8x16.bitmask
                      (v128.or (v128.or (v128.or (i8x16.eq (local.get $v) (local.get $newlines)) (i8x16.eq (local.get $v) (local.get $ws)))
                                        (v128.or (i8x16.eq (local.get $v2) (local.get $newlines)) (i8x16.eq (local.get $v2) (local.get $ws))))
                               (v128.or (local.get $v) (local.get $v2)))))
                  (then
                    (local.set $p (i32.add (local.get $p) (i32.const 32)))
                    (br $block16)))))
            (local.set $v (v128.load align=1 (local.get $p)))
            ;; Fast path: a whole block with no newline, no `W` and no byte >= 0x80 (most are).
            (if (i32.ge_u (local.get $rem) (i32.const 16))
              (then (if (i32.eqz (i8x16.bitmask (v128.or (v128.or (i8x16.eq (local.get $v) (local.get $newlines))
                                                                   (i8x16.eq (local.get $v) (local.get $ws)))
                                                          (local.get $v))))
                (then
                  (local.set $p (i32.add (local.get $p) (i32.const 16)))
                  (br $block16)))))
            (local.set $valid
              (select (i32.sub (i32.shl (i32.const 1) (local.get $rem)) (i32.const 1))
                      (i32.const 0xffff)
                      (i32.lt_u (local.get $rem) (i32.const 16))))
            (local.set $m (i32.and (local.get $valid)
              (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $newlines)))))
            (if (local.get $m)
              (then (local.set $valid (i32.sub (i32.shl (i32.const 1) (i32.ctz (local.get $m))) (i32.const 1)))))
            (local.set $w (i32.and (local.get $valid)
              (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $ws)))))
            (if (local.get $w) (then (local.set $flags (i32.or (local.get $flags) (i32.const 1)))))
            (if (i32.and (local.get $valid) (i8x16.bitmask (local.get $v)))
              (then (local.set $flags (i32.or (local.get $flags) (i32.const 2)))))
            (if (local.get $m)
              (then
                (local.set $nl (i32.add (local.get $p) (i32.ctz (local.get $m))))
                (br $found)))
            (local.set $p (i32.add (local.get $p) (i32.const 16)))
            (br $block16)))
        (local.set $e (local.get $nl))
        (if (i32.gt_u (local.get $e) (local.get $s))
          (then (if (i32.eq (i32.load8_u (i32.sub (local.get $e) (i32.const 1))) (i32.const 13))
            (then (local.set $e (i32.sub (local.get $e) (i32.const 1)))))))
        (local.set $w (call $lineKind (local.get $in) (local.get $s) (local.get $e) (local.get $flags) (local.get $rec)))
        (if (i32.eq (local.get $w) (i32.const 2))
          (then
            (local.set $skipped (i32.add (local.get $skipped) (i32.const 1)))
            (local.set $pending (i32.const 1))))
        (if (i32.eq (local.get $w) (i32.const 5))
          (then
            (global.set $waitsCounted (i32.add (global.get $waitsCounted) (i32.const 1)))
            (local.set $pending (i32.const 1))))
        (if (i32.eq (local.get $w) (i32.const 6))
          (then
            (call $writeSample (f64.load offset=24 (local.get $rec)) (f64.load offset=32 (local.get $rec))
              (f64.add (local.get $offsetBase) (f64.convert_i32_u (i32.sub (local.get $s) (local.get $in))))
              (i32.add (local.get $firstLine) (local.get $lineIndex)) (local.get $n))
            (local.set $pending (i32.const 1))))
        (if (i32.and (i32.lt_u (local.get $w) (i32.const 4)) (i32.ne (local.get $w) (i32.const 2)))
          (then
            (i32.store offset=44 (local.get $rec) (local.get $lineIndex))
            (if (local.get $pending)
              (then (i32.store (local.get $rec) (i32.or (i32.load (local.get $rec)) (i32.const 0x800)))))
            (local.set $pending (i32.const 0))
            (local.set $rec (i32.add (local.get $rec) (i32.const 48)))
            (local.set $n (i32.add (local.get $n) (i32.const 1)))))
        (local.set $lineIndex (i32.add (local.get $lineIndex) (i32.const 1)))
        (local.set $s (i32.add (local.get $nl) (i32.const 1)))
        (br $lines)))
    (global.set $consumed (i32.sub (local.get $s) (local.get $in)))
    (global.set $lines (local.get $lineIndex))
    (global.set $skippedRecords (local.get $skipped))
    (global.set $recordsAfterLast (local.get $pending))
    (local.get $n))

  ;; The SQL-text state first, then $classify for lines outside SQL text.
  (func $lineKind (param $in i32) (param $s i32) (param $e i32) (param $flags i32) (param $rec i32) (result i32)
    (local $len i32)
    (local.set $len (i32.sub (local.get $e) (local.get $s)))
    (if (global.get $inSql)
      (then
        (if (i32.and (i32.ge_u (local.get $len) (i32.const 11))
              (i32.and (i32.eq (i32.load (local.get $s)) (i32.const 0x20444e45))                 ;; "END "
                (i32.and (i32.eq (i32.load offset=4 (local.get $s)) (i32.const 0x5320464f))     ;; "OF S"
                  (i32.and (i32.eq (i32.load16_u offset=8 (local.get $s)) (i32.const 0x4d54))   ;; "TM"
                           (i32.eq (i32.load8_u offset=10 (local.get $s)) (i32.const 0x54))))))  ;; "T"
          (then (global.set $inSql (i32.const 0)))
          (else (if (i32.eqz (i32.and (local.get $flags) (i32.const 2))) (then (return (i32.const 4))))))
        (i32.store offset=4 (local.get $rec) (i32.sub (local.get $s) (local.get $in)))
        (i32.store offset=8 (local.get $rec) (i32.sub (local.get $e) (local.get $in)))
        (i32.store (local.get $rec) (i32.shl (local.get $flags) (i32.const 8)))
        (return (i32.const 0))))
    (if (i32.and (i32.ge_u (local.get $len) (i32.const 17))
          (i32.and (i32.eq (i32.load (local.get $s)) (i32.const 0x53524150))                 ;; "PARS"
            (i32.and (i32.eq (i32.load offset=4 (local.get $s)) (i32.const 0x20474e49))     ;; "ING "
              (i32.and (i32.eq (i32.load offset=8 (local.get $s)) (i32.const 0x43204e49))   ;; "IN C"
                (i32.and (i32.eq (i32.load offset=12 (local.get $s)) (i32.const 0x4f535255)) ;; "URSO"
                         (i32.eq (i32.load8_u offset=16 (local.get $s)) (i32.const 0x52)))))))  ;; "R"
      (then (global.set $inSql (i32.const 1))))
    (if (i32.and (i32.ge_u (local.get $len) (i32.const 3))
          (i32.and (i32.eq (i32.load16_u (local.get $s)) (i32.const 0x2a2a))
                   (i32.eq (i32.load8_u offset=2 (local.get $s)) (i32.const 0x2a))))
      (then (global.set $wantTim (i32.const 1))))
    (call $classify (local.get $in) (local.get $s) (local.get $e) (local.get $flags) (local.get $rec)))

  (func $classify (param $in i32) (param $s i32) (param $e i32) (param $flags i32) (param $rec i32) (result i32)
    (local $kind i32) (local $last i32) (local $head i32) (local $tail i32)
    (i32.store offset=4 (local.get $rec) (i32.sub (local.get $s) (local.get $in)))
    (i32.store offset=8 (local.get $rec) (i32.sub (local.get $e) (local.get $in)))
    (if (i32.gt_u (local.get $e) (local.get $s))
      (then (if (i32.lt_u (i32.sub (i32.load8_u (i32.sub (local.get $e) (i32.const 1))) (i32.const 48)) (i32.const 10))
        (then (local.set $flags (i32.or (local.get $flags) (i32.const 4)))))))
    (if (i32.ge_u (i32.sub (local.get $e) (local.get $s)) (i32.const 7))
      (then
        (local.set $head (i32.load (local.get $s)))
        (local.set $tail (i32.load16_u offset=4 (local.get $s)))
        (if (i32.and (i32.eq (local.get $head) (i32.const 0x54494157)) ;; "WAIT"
                     (i32.eq (local.get $tail) (i32.const 0x2320)))      ;; " #"
          (then
            (local.set $kind (i32.const 3))
            (if (i32.eqz (i32.and (local.get $flags) (i32.const 1)))
              (then (local.set $kind (select (i32.const 3)
                (local.tee $last (call $parseWait (local.get $in) (local.get $s) (local.get $e) (local.get $rec)))
                (i32.eqz (local.get $last)))))))
          (else
            ;; A record line that ends in a digit or a quote needs nothing more from the scanner
            ;; than to be counted; anything odd about it goes to the scanner.
            (local.set $last (i32.load8_u (i32.sub (local.get $e) (i32.const 1))))
            (if (i32.and
                  (i32.eqz (i32.and (local.get $flags) (i32.const 3)))
                  (i32.or (i32.lt_u (i32.sub (local.get $last) (i32.const 48)) (i32.const 10)) (i32.eq (local.get $last) (i32.const 39))))
              (then (if (call $isRecordStart (local.get $s) (local.get $head) (local.get $tail))
                (then (local.set $kind (i32.const 2))))))))))
    (i32.store (local.get $rec) (i32.or (local.get $kind) (i32.shl (local.get $flags) (i32.const 8))))
    (local.get $kind))

  ;; EXEC #, ERROR #, FETCH #, XCTEND , CLOSE #, STAT #, PARSE #, UNMAP # (little-endian words)
  (func $isRecordStart (param $s i32) (param $head i32) (param $tail i32) (result i32)
    (local $third i32)
    (local.set $third (i32.load8_u offset=6 (local.get $s)))
    (if (i32.eq (local.get $tail) (i32.const 0x2320)) ;; "<4 letters> #"
      (then (return (i32.or (i32.eq (local.get $head) (i32.const 0x43455845))     ;; EXEC
                            (i32.eq (local.get $head) (i32.const 0x54415453)))))) ;; STAT
    (if (i32.eq (local.get $head) (i32.const 0x4f525245)) ;; ERRO R #
      (then (return (i32.and (i32.eq (local.get $tail) (i32.const 0x2052)) (i32.eq (local.get $third) (i32.const 0x23))))))
    (if (i32.eq (local.get $head) (i32.const 0x43544546)) ;; FETC H #
      (then (return (i32.and (i32.eq (local.get $tail) (i32.const 0x2048)) (i32.eq (local.get $third) (i32.const 0x23))))))
    (if (i32.eq (local.get $head) (i32.const 0x45544358)) ;; XCTE ND<space>
      (then (return (i32.and (i32.eq (local.get $tail) (i32.const 0x444e)) (i32.eq (local.get $third) (i32.const 0x20))))))
    (if (i32.eq (local.get $head) (i32.const 0x534f4c43)) ;; CLOS E #
      (then (return (i32.and (i32.eq (local.get $tail) (i32.const 0x2045)) (i32.eq (local.get $third) (i32.const 0x23))))))
    (if (i32.eq (local.get $head) (i32.const 0x53524150)) ;; PARS E #
      (then (return (i32.and (i32.eq (local.get $tail) (i32.const 0x2045)) (i32.eq (local.get $third) (i32.const 0x23))))))
    (if (i32.eq (local.get $head) (i32.const 0x414d4e55)) ;; UNMA P #
      (then (return (i32.and (i32.eq (local.get $tail) (i32.const 0x2050)) (i32.eq (local.get $third) (i32.const 0x23))))))
    (i32.const 0))

;; `WAIT #<digits>: nam='<name>' ela=<spaces><digits> … [ tim=<digits>]`, the same rules as
  ;; TraceScanner.wait(). Returns 0 when the line is not of this shape; the scanner then parses it.
  (func $parseWait (param $in i32) (param $s i32) (param $e i32) (param $rec i32) (result i32)
    (local $p i32) (local $q i32) (local $b i32) (local $h1 i32) (local $h2 i32) (local $w i32)
    (local $x i32) (local $acc i64) (local $elaEnd i32) (local $t i32) (local $booked i32) (local $x64 i64)
    (local.set $p (i32.add (local.get $s) (i32.const 6)))
    (local.set $q (local.get $p))
    (block $digitsDone
      (loop $digits
        (br_if $digitsDone (i32.ge_u (local.get $p) (local.get $e)))
        (br_if $digitsDone (i32.ge_u (i32.sub (i32.load8_u (local.get $p)) (i32.const 48)) (i32.const 10)))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $digits)))
    (if (i32.eq (local.get $p) (local.get $q)) (then (return (i32.const 0))))
    ;; ": nam='"
    (if (i32.gt_u (i32.add (local.get $p) (i32.const 7)) (local.get $e)) (then (return (i32.const 0))))
    (if (i32.ne (i32.load (local.get $p)) (i32.const 0x616e203a)) (then (return (i32.const 0))))
    (if (i32.ne (i32.load16_u offset=4 (local.get $p)) (i32.const 0x3d6d)) (then (return (i32.const 0))))
    (if (i32.ne (i32.load8_u offset=6 (local.get $p)) (i32.const 39)) (then (return (i32.const 0))))
    (local.set $p (i32.add (local.get $p) (i32.const 7)))
    (i32.store offset=12 (local.get $rec) (i32.sub (local.get $p) (local.get $in)))
    ;; The name runs to the first quote followed by " ela=". Two 32-bit hashes of it identify the
    ;; event in the scanner's table; whole 4-byte words are hashed while no quote is among them
    ;; (the SWAR test below), so a name always hashes the same way.
    (local.set $q (local.get $p))
    (local.set $h1 (i32.const 0x811c9dc5))
    (local.set $h2 (i32.const 0x9747b28c))
    (block $nameDone
      (loop $name
        (if (i32.le_u (i32.add (local.get $q) (i32.const 4)) (local.get $e))
          (then
            (local.set $w (i32.load (local.get $q)))
            (local.set $x (i32.xor (local.get $w) (i32.const 0x27272727)))
            (if (i32.eqz (i32.and (i32.and (i32.sub (local.get $x) (i32.const 0x01010101)) (i32.xor (local.get $x) (i32.const -1)))
                                  (i32.const 0x80808080)))
              (then
                (local.set $h1 (i32.mul (i32.xor (local.get $h1) (local.get $w)) (i32.const 0x01000193)))
                (local.set $h2 (i32.mul (i32.rotl (i32.xor (local.get $h2) (i32.mul (local.get $w) (i32.const 0xcc9e2d51))) (i32.const 15))
                                        (i32.const 0x1b873593)))
                (local.set $q (i32.add (local.get $q) (i32.const 4)))
                (br $name)))))
        (if (i32.ge_u (local.get $q) (local.get $e)) (then (return (i32.const 0))))
        (local.set $b (i32.load8_u (local.get $q)))
        (if (i32.eq (local.get $b) (i32.const 39))
          (then (if (i32.le_u (i32.add (local.get $q) (i32.const 6)) (local.get $e))
            (then (if (i32.and (i32.eq (i32.load offset=1 (local.get $q)) (i32.const 0x616c6520)) ;; " ela"
                               (i32.eq (i32.load8_u offset=5 (local.get $q)) (i32.const 61)))    ;; "="
              (then (br $nameDone)))))))
        (local.set $h1 (i32.mul (i32.xor (local.get $h1) (local.get $b)) (i32.const 0x01000193)))
        (local.set $h2 (i32.mul (i32.rotl (i32.xor (local.get $h2) (i32.mul (local.get $b) (i32.const 0xcc9e2d51))) (i32.const 15))
                                (i32.const 0x1b873593)))
        (local.set $q (i32.add (local.get $q) (i32.const 1)))
        (br $name)))
    (i32.store offset=16 (local.get $rec) (i32.sub (local.get $q) (local.get $p)))
    (i32.store offset=20 (local.get $rec) (local.get $h1))
    (i32.store offset=40 (local.get $rec) (local.get $h2))
    (local.set $p (i32.add (local.get $q) (i32.const 6)))
    (block $spacesDone
      (loop $spaces
        (br_if $spacesDone (i32.ge_u (local.get $p) (local.get $e)))
        (br_if $spacesDone (i32.ne (i32.load8_u (local.get $p)) (i32.const 32)))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $spaces)))
    (local.set $q (local.get $p))
    ;; Digits as an integer below 2^53 (beyond that a double cannot hold every integer, and the
    ;; scanner's own parse decides how to round).
    (block $elaDone
      (loop $elaDigits
        (br_if $elaDone (i32.ge_u (local.get $p) (local.get $e)))
        (local.set $b (i32.sub (i32.load8_u (local.get $p)) (i32.const 48)))
        (br_if $elaDone (i32.ge_u (local.get $b) (i32.const 10)))
        (local.set $acc (i64.add (i64.mul (local.get $acc) (i64.const 10)) (i64.extend_i32_u (local.get $b))))
        (if (i64.ge_u (local.get $acc) (i64.const 0x20000000000000)) (then (return (i32.const 0))))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $elaDigits)))
    (local.set $elaEnd (local.get $p))
    (if (i32.eq (local.get $elaEnd) (local.get $q)) (then (return (i32.const 0))))
    (f64.store offset=24 (local.get $rec) (f64.convert_i64_s (local.get $acc)))
    ;; `tim=` is the last field of a complete line from 10.2 on: look for it from the end.
    (local.set $t (local.get $e))
    ;; The last 8 bytes all digits (SWAR: no byte below '0' or above '9') skip 8 steps at once.
    (if (i32.ge_u (local.get $e) (i32.add (local.get $elaEnd) (i32.const 8)))
      (then
        (local.set $x64 (i64.load (i32.sub (local.get $e) (i32.const 8))))
        (if (i64.eqz (i64.and (i64.or (i64.add (local.get $x64) (i64.const 0x4646464646464646))
                                      (i64.sub (local.get $x64) (i64.const 0x3030303030303030)))
                              (i64.const 0x8080808080808080)))
          (then (local.set $t (i32.sub (local.get $e) (i32.const 8)))))))
    (block $backDone
      (loop $back
        (br_if $backDone (i32.le_u (local.get $t) (local.get $elaEnd)))
        (br_if $backDone (i32.ge_u (i32.sub (i32.load8_u (i32.sub (local.get $t) (i32.const 1))) (i32.const 48)) (i32.const 10)))
        (local.set $t (i32.sub (local.get $t) (i32.const 1)))
        (br $back)))
    (f64.store offset=32 (local.get $rec) (f64.const nan))
    (if (i32.and
          (i32.lt_u (local.get $t) (local.get $e))
          (i32.ge_s (i32.sub (local.get $t) (i32.const 5)) (local.get $elaEnd)))
      (then (if (i32.and
                  (i32.eq (i32.load (i32.sub (local.get $t) (i32.const 4))) (i32.const 0x3d6d6974)) ;; "tim="
                  (i32.eq (i32.load8_u (i32.sub (local.get $t) (i32.const 5))) (i32.const 32)))
        (then
          ;; A complete WAIT of a known event the scanner does not need line by line.
          (local.set $booked (i32.const 0))
          (if (i32.eqz (global.get $wantTim))
            (then
              (local.set $booked (call $countWait (local.get $h1) (local.get $h2) (i32.load offset=16 (local.get $rec))
                                                  (f64.load offset=24 (local.get $rec))))
              (if (i32.eq (local.get $booked) (i32.const 5)) (then (return (i32.const 5))))))
          (global.set $wantTim (i32.const 0))
          (local.set $acc (i64.const 0))
          (local.set $p (local.get $t))
          (block $timDone
            (loop $timDigits
              (br_if $timDone (i32.ge_u (local.get $p) (local.get $e)))
              (local.set $acc (i64.add (i64.mul (local.get $acc) (i64.const 10))
                                       (i64.extend_i32_u (i32.sub (i32.load8_u (local.get $p)) (i32.const 48)))))
              (if (i64.ge_u (local.get $acc) (i64.const 0x20000000000000)) (then (return (i32.const 0))))
              (local.set $p (i32.add (local.get $p) (i32.const 1)))
              (br $timDigits)))
          (f64.store offset=32 (local.get $rec) (f64.convert_i64_s (local.get $acc)))
          (if (local.get $booked) (then (return (local.get $booked))))))))
    (i32.const 1))


  ;; The event table: 1024 entries of 64 bytes at $events, filled by the scanner
  ;; (LineKernel.register) for events it does not need to see one by one:
  ;;   0 i32 hash 1   4 i32 hash 2   8 i32 name length   12 i32 event id + 1 (0: empty)
  ;;  16 i32 1 when the scanner keeps samples of the event (its WAITs are emitted too)
  ;;  24 f64 count   32 f64 total   40 f64 min   48 f64 max
  ;; Open addressing on hash 1. Books the WAIT when the event is there and returns 5, or 6 for
  ;; an event with samples; 0 when it is not there.
  (func $countWait (param $h1 i32) (param $h2 i32) (param $len i32) (param $ela f64) (result i32)
    (local $i i32) (local $entry i32) (local $probes i32)
    (local.set $i (local.get $h1))
    (loop $probe
      (local.set $entry (i32.add (global.get $events) (i32.shl (i32.and (local.get $i) (i32.const 1023)) (i32.const 6))))
      (if (i32.eqz (i32.load offset=12 (local.get $entry))) (then (return (i32.const 0))))
      (if (i32.and (i32.eq (i32.load (local.get $entry)) (local.get $h1))
            (i32.and (i32.eq (i32.load offset=4 (local.get $entry)) (local.get $h2))
                     (i32.eq (i32.load offset=8 (local.get $entry)) (local.get $len))))
        (then
          (f64.store offset=24 (local.get $entry) (f64.add (f64.load offset=24 (local.get $entry)) (f64.const 1)))
          (f64.store offset=32 (local.get $entry) (f64.add (f64.load offset=32 (local.get $entry)) (local.get $ela)))
          (f64.store offset=40 (local.get $entry) (f64.min (f64.load offset=40 (local.get $entry)) (local.get $ela)))
          (f64.store offset=48 (local.get $entry) (f64.max (f64.load offset=48 (local.get $entry)) (local.get $ela)))
          (return (i32.add (i32.const 5) (i32.load offset=16 (local.get $entry))))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (local.set $probes (i32.add (local.get $probes) (i32.const 1)))
      (br_if $probe (i32.lt_u (local.get $probes) (i32.const 1024))))
    (i32.const 0))

  (func $writeSample (param $ela f64) (param $tim f64) (param $offset f64) (param $line i32) (param $seq i32)
    (local $i i32) (local $max i32)
    (local.set $i (global.get $sampleCount))
    (local.set $max (global.get $maxSamples))
    (f64.store (i32.add (global.get $samples) (i32.shl (local.get $i) (i32.const 3))) (local.get $ela))
    (f64.store (i32.add (global.get $samples) (i32.shl (i32.add (local.get $max) (local.get $i)) (i32.const 3))) (local.get $tim))
    (f64.store (i32.add (global.get $samples) (i32.shl (i32.add (i32.shl (local.get $max) (i32.const 1)) (local.get $i)) (i32.const 3))) (local.get $offset))
    (i32.store (i32.add (global.get $samples) (i32.shl (i32.add (i32.mul (local.get $max) (i32.const 6)) (local.get $i)) (i32.const 2))) (local.get $line))
    (i32.store (i32.add (global.get $samples) (i32.shl (i32.add (i32.mul (local.get $max) (i32.const 7)) (local.get $i)) (i32.const 2))) (local.get $seq))
    (global.set $sampleCount (i32.add (local.get $i) (i32.const 1))))
)
