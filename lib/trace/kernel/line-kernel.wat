;; The line kernel: finds every complete line of a chunk with SIMD, classifies it, and parses
;; the common WAIT line shape. It is stateless per line; lib/trace/scanner.ts keeps all state
;; (SQL text, sessions, warnings) and handles every line the kernel does not fully parse, with
;; the same code it uses without the kernel. Why: a JavaScript byte loop over each line measured
;; ~0.5 GB/s per core here, far from `grep -c`; this kernel moves the per-byte work out of JS.
;;
;; Rebuild the embedded bytes after editing: `node scripts/build-kernel.mjs` (a test checks they
;; match this source).
;;
;; One record per line, except record lines of kind 2, which are only counted (unless $emit asks
;; for them), and SQL text of kind 4 (likewise). 48 bytes,
;; positions relative to `in`:
;;   0 i32 kind | flags << 8      8 i32 end (exclusive, CR stripped)   16 i32 name length
;;   4 i32 start                 12 i32 name start                     24 f64 ela
;;  32 f64 tim (NaN when absent)                                       44 i32 line index within the call
;;  40 i32 event id + 1 of a WAIT booked here (kinds 5-7), for the wait log ($emit & 4); such a
;;         record is never emitted, so its slot is the next record's
;; kinds: 0 other line, 1 WAIT parsed, 2 record line (EXEC, FETCH, …) that ends in a value
;;        (counted, not emitted, unless $emit & 1), 3 WAIT line the kernel could not parse (the scanner reports
;;        why), 4 plain SQL text (neither emitted nor counted,
;;        unless $emit & 2), 5 WAIT of a known event booked
;;        in the event table (not emitted), 6 WAIT of the event the scanner keeps samples of,
;;        booked in the event table and written to the sample columns (not emitted), 7 WAIT of
;;        the kept event booked and counted in the tally table (not emitted), 8 a call line
;;        parsed by $parseCall (only when $emit & 1; its fields at $calls, see there), 9 an
;;        XCTEND written to the commit log ($emit & 8; counted as kind 2 is, not emitted)
;; flags: 1 a `W` after the first byte (a glued record may hide there), 2 a byte >= 0x80,
;;        4 the line ends in a digit, 8 record lines or WAITs were counted (not emitted) since the
;;        last record, 16 WAITs of the kept event were counted in the tally table since the
;;        last record
;;
;; Reads: lines are found in 64-byte blocks and fields are parsed with 8- and 16-byte loads that
;; may run past the line (never past a line end for a value: a newline is neither a digit, a space
;; nor a quote). The caller pads every input with 64 readable bytes after it (each input area is
;; followed by a page), and keeps 32 bytes of memory before it (the `tim` search loads the 32
;; bytes that end at a line's end).
;;
;; Why blocks: each line's end was found with 32- and 16-byte loads from its own start, ~65
;; instructions for a 100-byte line; a block's newlines, `W`s and high bytes in one 64-bit mask,
;; walked with ctz across the lines it holds, found them ~30 % faster (the kernel ~7 %).
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
  ;; What a visited scan wants emitted besides the usual (set by the scanner before a call):
  ;; 1 record lines of kind 2 (call lines, XCTEND, STAT, …), 2 SQL text lines of kind 4. A scan
  ;; that reads calls must see them in file order among the WAITs (lib/trace/trace-visitor.ts).
  ;; 4: the wait log (below).
  (global $emit (export "emit") (mut i32) (i32.const 0))
  ;; The wait log ($emit & 4): every WAIT booked here (kinds 5, 6 and 7) is also written, with its
  ;; tim, as columns at $waitLog: MAX entries each of i32 event id, i32 "records emitted before
  ;; it", f64 ela and f64 tim (the trace's unit), then i32 start, end and line index of its line.
  ;; For a visited scan whose visitor takes WAITs in runs (a profile; the Parquet export's waits
  ;; table, which reads the rest of each from its line): the WAIT is booked without a record.
  (global $waitLog (export "waitLog") (mut i32) (i32.const 0))
  (global $waitLogCount (export "waitLogCount") (mut i32) (i32.const 0))
  ;; The commit log ($emit & 8, with 1): an XCTEND that $parseCall reads is not emitted but
  ;; counted as a skipped record and written here as columns: MAX entries of f64 tim (the trace's
  ;; unit, NaN before 11g) and i32 "records emitted before it". For a visitor that needs of each
  ;; commit only that it happened and when (a profile: a count and its session's span); in an
  ;; OLTP trace every other call line is one, and each cost a record, its fields and a call into
  ;; JavaScript (lib/trace/trace-visitor.ts onCommitRun).
  (global $commitLog (export "commitLog") (mut i32) (i32.const 0))
  (global $commitLogCount (export "commitLogCount") (mut i32) (i32.const 0))
  ;; Where parseCall writes the fields of call record n: 16 f64 at $calls + n * 128.
  (global $calls (export "calls") (mut i32) (i32.const 0))
  ;; Set by $number: where the digits it read end.
  (global $numberEnd (mut i32) (i32.const 0))
  ;; The event table (see $lookup) and what the scanner still needs to see: the next WAIT
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
  ;; Traces repeat short cycles of events (commit: log file sync, SQL*Net to client, SQL*Net
  ;; from client), so each table entry remembers the entry of the WAIT that followed it last
  ;; time, and the next WAIT's name is first compared with that one: no search for the closing
  ;; quote, no hash, no probing when the guess is right.
  (global $lastEntry (mut i32) (i32.const 0))
  (global $predicted (mut i32) (i32.const 0))
  ;; A WAIT of an event not in the table ends the call right after its record, so the scanner
  ;; can add the event before the next call: otherwise the rest of a chunk's WAITs of a new event
  ;; would all come to the scanner. $stopsLeft (set by the scanner) bounds how often, for names
  ;; the table never takes (over 64 bytes, or a full table). $stopped: the last call did.
  (global $unknownEvent (mut i32) (i32.const 0))
  (global $stopsLeft (export "stopsLeft") (mut i32) (i32.const 0))
  (global $stopped (export "stopped") (mut i32) (i32.const 0))
  ;; The tally (register mode 2): at $tally, a u32 count per ela value below $tallyCells, for a
  ;; scan that keeps only counts by value (lib/trace/ela-tally.ts); longer waits go to the sample
  ;; columns as before. $tallyTop: the highest value counted (so only that much is read and
  ;; cleared), -1 for none; $tallyCount: waits counted here. $talliedAfterLast: some were counted
  ;; after the last emitted record (records carry the same as flag 16 for those before them), so
  ;; the scanner marks the session current there as used, as it does for each kept sample.
  (global $tally (export "tally") (mut i32) (i32.const 0))
  (global $tallyCells (export "tallyCells") (mut i32) (i32.const 0))
  (global $tallyTop (export "tallyTop") (mut i32) (i32.const -1))
  (global $tallyCount (export "tallyCount") (mut i32) (i32.const 0))
  (global $talliedAfterLast (export "talliedAfterLast") (mut i32) (i32.const 0))
  ;; The next cell drainTally looks at (it may take several calls), and the waits its last call
  ;; moved out (the sum of the counts it wrote).
  (global $drainAt (mut i32) (i32.const 0))
  (global $drained (export "drained") (mut i32) (i32.const 0))

  (func (export "scan") (param $in i32) (param $len i32) (param $out i32) (param $maxRecords i32)
                        (param $firstLine i32) (param $offsetBase f64) (result i32)
    (local $end i32) (local $s i32) (local $n i32) (local $rec i32)
    (local $v v128) (local $rem i32) (local $flags i32)
    (local $newlines v128) (local $ws v128) (local $v2 v128) (local $v3 v128) (local $v4 v128)
    (local $base i32) (local $special i64) (local $at i32) (local $byte i32)
    (local $nl i32) (local $e i32) (local $lineIndex i32) (local $skipped i32) (local $pending i32)
    (local $kind i32) (local $head i32) (local $tail i32) (local $last i32) (local $size i32) (local $tallied i32) (local $emitted i32)
    (local.set $end (i32.add (local.get $in) (local.get $len)))
    (local.set $newlines (i8x16.splat (i32.const 10)))
    (local.set $ws (i8x16.splat (i32.const 87)))
    (local.set $s (local.get $in))
    ;; The 64-byte block whose special bytes are in $special (none yet: the first is loaded first).
    (local.set $base (i32.sub (local.get $in) (i32.const 64)))
    (global.set $waitsCounted (i32.const 0))
    (global.set $sampleCount (i32.const 0))
    (global.set $waitLogCount (i32.const 0))
    (global.set $commitLogCount (i32.const 0))
    (global.set $stopped (i32.const 0))
    (local.set $rec (local.get $out))
    (block $done
      (loop $lines
        (br_if $done (i32.ge_u (local.get $n) (local.get $maxRecords)))
        (br_if $done (i32.ge_u (global.get $sampleCount) (global.get $maxSamples)))
        (br_if $done (i32.ge_u (global.get $waitLogCount) (global.get $maxSamples)))
        (br_if $done (i32.ge_u (global.get $commitLogCount) (global.get $maxSamples)))
        (local.set $flags (i32.const 0))
        ;; The line's end: the next newline among the special bytes (newline, `W`, >= 0x80) of the
        ;; current 64-byte block, loading blocks as needed. A `W` other than the line's own first
        ;; byte (of `WAIT #`) is a glue suspect; any other special byte before the newline is high.
        (block $found
          (loop $seek
            (if (i64.ne (local.get $special) (i64.const 0))
              (then
                (local.set $at (i32.add (local.get $base) (i32.wrap_i64 (i64.ctz (local.get $special)))))
                (local.set $special (i64.and (local.get $special) (i64.sub (local.get $special) (i64.const 1))))
                (local.set $byte (i32.load8_u (local.get $at)))
                (if (i32.eq (local.get $byte) (i32.const 10))
                  (then
                    (local.set $nl (local.get $at))
                    (br $found)))
                (if (i32.eq (local.get $byte) (i32.const 87))
                  (then (if (i32.ne (local.get $at) (local.get $s)) (then (local.set $flags (i32.or (local.get $flags) (i32.const 1))))))
                  (else (local.set $flags (i32.or (local.get $flags) (i32.const 2)))))
                (br $seek)))
            (local.set $base (i32.add (local.get $base) (i32.const 64)))
            (br_if $done (i32.ge_u (local.get $base) (local.get $end)))
            (local.set $v (v128.load align=1 (local.get $base)))
            (local.set $v2 (v128.load offset=16 align=1 (local.get $base)))
            (local.set $v3 (v128.load offset=32 align=1 (local.get $base)))
            (local.set $v4 (v128.load offset=48 align=1 (local.get $base)))
            (local.set $special (i64.or
              (i64.or (i64.extend_i32_u (i8x16.bitmask (v128.or (v128.or (i8x16.eq (local.get $v) (local.get $newlines)) (i8x16.eq (local.get $v) (local.get $ws))) (local.get $v))))
                      (i64.shl (i64.extend_i32_u (i8x16.bitmask (v128.or (v128.or (i8x16.eq (local.get $v2) (local.get $newlines)) (i8x16.eq (local.get $v2) (local.get $ws))) (local.get $v2)))) (i64.const 16)))
              (i64.or (i64.shl (i64.extend_i32_u (i8x16.bitmask (v128.or (v128.or (i8x16.eq (local.get $v3) (local.get $newlines)) (i8x16.eq (local.get $v3) (local.get $ws))) (local.get $v3)))) (i64.const 32))
                      (i64.shl (i64.extend_i32_u (i8x16.bitmask (v128.or (v128.or (i8x16.eq (local.get $v4) (local.get $newlines)) (i8x16.eq (local.get $v4) (local.get $ws))) (local.get $v4)))) (i64.const 48)))))
            ;; Bytes past the end are not the input's (the caller pads it with 64 readable bytes).
            (local.set $rem (i32.sub (local.get $end) (local.get $base)))
            (if (i32.lt_u (local.get $rem) (i32.const 64))
              (then (local.set $special (i64.and (local.get $special)
                (i64.sub (i64.shl (i64.const 1) (i64.extend_i32_u (local.get $rem))) (i64.const 1))))))
            (br $seek)))
        (local.set $e (local.get $nl))
        (if (i32.gt_u (local.get $e) (local.get $s))
          (then (if (i32.eq (i32.load8_u (i32.sub (local.get $e) (i32.const 1))) (i32.const 13))
            (then (local.set $e (i32.sub (local.get $e) (i32.const 1)))))))
        (local.set $size (i32.sub (local.get $e) (local.get $s)))
        ;; What the line is. Inside SQL text only END OF STMT matters (and text to check for UTF-8).
        (local.set $kind (i32.const 0))
        (block $classified
          (if (global.get $inSql)
            (then
              (if (i32.and (i32.ge_u (local.get $size) (i32.const 11))
                    (i32.and (i32.eq (i32.load (local.get $s)) (i32.const 0x20444e45))                 ;; "END "
                      (i32.and (i32.eq (i32.load offset=4 (local.get $s)) (i32.const 0x5320464f))     ;; "OF S"
                        (i32.and (i32.eq (i32.load16_u offset=8 (local.get $s)) (i32.const 0x4d54))   ;; "TM"
                                 (i32.eq (i32.load8_u offset=10 (local.get $s)) (i32.const 0x54))))))  ;; "T"
                (then (global.set $inSql (i32.const 0)))
                (else (if (i32.eqz (i32.and (local.get $flags) (i32.const 2))) (then (local.set $kind (i32.const 4))))))
              (br $classified)))
          (local.set $last (i32.const 0))
          (if (local.get $size) (then (local.set $last (i32.load8_u (i32.sub (local.get $e) (i32.const 1))))))
          (if (i32.lt_u (i32.sub (local.get $last) (i32.const 48)) (i32.const 10))
            (then (local.set $flags (i32.or (local.get $flags) (i32.const 4)))))
          (if (i32.and (i32.ge_u (local.get $size) (i32.const 3))
                (i32.eq (i32.and (i32.load (local.get $s)) (i32.const 0xffffff)) (i32.const 0x2a2a2a))) ;; "***"
            (then
              (global.set $wantTim (i32.const 1))
              (br $classified)))
          (br_if $classified (i32.lt_u (local.get $size) (i32.const 7)))
          (local.set $head (i32.load (local.get $s)))
          (local.set $tail (i32.load16_u offset=4 (local.get $s)))
          (if (i32.and (i32.eq (local.get $head) (i32.const 0x54494157)) ;; "WAIT"
                       (i32.eq (local.get $tail) (i32.const 0x2320)))      ;; " #"
            (then
              (local.set $kind (i32.const 3))
              (if (i32.eqz (i32.and (local.get $flags) (i32.const 1)))
                (then
                  (local.set $kind (call $parseWait (local.get $in) (local.get $s) (local.get $e) (local.get $rec)))
                  (if (i32.eqz (local.get $kind)) (then (local.set $kind (i32.const 3))))))
              (br $classified)))
          (if (i32.eq (local.get $head) (i32.const 0x53524150))                                  ;; "PARS"
            (then (if (i32.and (i32.ge_u (local.get $size) (i32.const 17))
                    (i32.and (i32.eq (i32.load offset=4 (local.get $s)) (i32.const 0x20474e49))     ;; "ING "
                      (i32.and (i32.eq (i32.load offset=8 (local.get $s)) (i32.const 0x43204e49))   ;; "IN C"
                        (i32.and (i32.eq (i32.load offset=12 (local.get $s)) (i32.const 0x4f535255)) ;; "URSO"
                                 (i32.eq (i32.load8_u offset=16 (local.get $s)) (i32.const 0x52))))))  ;; "R"
              (then
                (global.set $inSql (i32.const 1))
                (br $classified)))))
          ;; A record line that ends in a digit or a quote needs nothing more from the scanner
          ;; than to be counted; anything odd about it goes to the scanner.
          (if (i32.and
                (i32.eqz (i32.and (local.get $flags) (i32.const 3)))
                (i32.or (i32.ne (i32.and (local.get $flags) (i32.const 4)) (i32.const 0)) (i32.eq (local.get $last) (i32.const 39))))
            (then (if (call $isRecordStart (local.get $s) (local.get $head) (local.get $tail))
              (then
                (local.set $kind (i32.const 2))
                ;; A visited scan that reads calls: the common call shapes are parsed here too.
                (if (i32.and (global.get $emit) (i32.const 1))
                  (then (if (call $parseCall (local.get $in) (local.get $s) (local.get $e) (local.get $rec)
                              (i32.add (global.get $calls) (i32.shl (local.get $n) (i32.const 7))))
                    (then (local.set $kind (i32.const 8)))))))))))
        ;; An XCTEND for the commit log: its tim (slot 10 of the fields just parsed) is logged,
        ;; and the line counted as a record line not emitted (kind 2, below).
        (if (i32.and (i32.eq (local.get $kind) (i32.const 8)) (i32.ne (i32.and (global.get $emit) (i32.const 8)) (i32.const 0)))
          (then (if (i32.eq (i32.load offset=20 (local.get $rec)) (i32.const 7))
            (then
              (call $logCommit (f64.load offset=80 (i32.add (global.get $calls) (i32.shl (local.get $n) (i32.const 7)))) (local.get $n))
              (local.set $kind (i32.const 9))))))
        (if (i32.eq (local.get $kind) (i32.const 5))
          (then
            (global.set $waitsCounted (i32.add (global.get $waitsCounted) (i32.const 1)))
            (local.set $pending (i32.const 1))))
        (if (i32.eq (local.get $kind) (i32.const 7))
          (then
            (global.set $waitsCounted (i32.add (global.get $waitsCounted) (i32.const 1)))
            (local.set $pending (i32.const 1))
            (local.set $tallied (i32.const 1))))
        ;; A visited scan that reads calls (or SQL text) has those lines emitted too ($emit).
        (local.set $emitted (i32.or
          (i32.or (i32.and (i32.lt_u (local.get $kind) (i32.const 4)) (i32.ne (local.get $kind) (i32.const 2)))
                  (i32.eq (local.get $kind) (i32.const 8)))
          (i32.or (i32.and (i32.eq (local.get $kind) (i32.const 2)) (i32.and (global.get $emit) (i32.const 1)))
                  (i32.and (i32.eq (local.get $kind) (i32.const 4)) (i32.shr_u (i32.and (global.get $emit) (i32.const 2)) (i32.const 1))))))
        (if (i32.or (i32.eq (local.get $kind) (i32.const 9)) (i32.and (i32.eq (local.get $kind) (i32.const 2)) (i32.eqz (local.get $emitted))))
          (then
            (local.set $skipped (i32.add (local.get $skipped) (i32.const 1)))
            (local.set $pending (i32.const 1))))
        (if (i32.eq (local.get $kind) (i32.const 6))
          (then
            (call $writeSample (f64.load offset=24 (local.get $rec)) (f64.load offset=32 (local.get $rec))
              (f64.add (local.get $offsetBase) (f64.convert_i32_u (i32.sub (local.get $s) (local.get $in))))
              (i32.add (local.get $firstLine) (local.get $lineIndex)) (local.get $n))
            (local.set $pending (i32.const 1))))
        (if (i32.and (i32.ne (i32.and (global.get $emit) (i32.const 4)) (i32.const 0))
                     (i32.lt_u (i32.sub (local.get $kind) (i32.const 5)) (i32.const 3)))
          (then (call $logWait (i32.sub (i32.load offset=40 (local.get $rec)) (i32.const 1)) (local.get $n)
                  (f64.load offset=24 (local.get $rec)) (f64.load offset=32 (local.get $rec))
                  (i32.sub (local.get $s) (local.get $in)) (i32.sub (local.get $e) (local.get $in)) (local.get $lineIndex))))
        (if (local.get $emitted)
          (then
            (i32.store offset=4 (local.get $rec) (i32.sub (local.get $s) (local.get $in)))
            (i32.store offset=8 (local.get $rec) (i32.sub (local.get $e) (local.get $in)))
            (i32.store (local.get $rec) (i32.or (i32.or (i32.or (local.get $kind) (i32.shl (local.get $flags) (i32.const 8)))
                                                        (i32.shl (local.get $pending) (i32.const 11)))
                                                (i32.shl (local.get $tallied) (i32.const 12))))
            (i32.store offset=44 (local.get $rec) (local.get $lineIndex))
            (local.set $pending (i32.const 0))
            (local.set $tallied (i32.const 0))
            (local.set $rec (i32.add (local.get $rec) (i32.const 48)))
            (local.set $n (i32.add (local.get $n) (i32.const 1)))
            (if (i32.and (i32.eq (local.get $kind) (i32.const 1))
                         (i32.and (global.get $unknownEvent) (i32.gt_s (global.get $stopsLeft) (i32.const 0))))
              (then
                (global.set $stopsLeft (i32.sub (global.get $stopsLeft) (i32.const 1)))
                (global.set $stopped (i32.const 1))))))
        (local.set $lineIndex (i32.add (local.get $lineIndex) (i32.const 1)))
        (local.set $s (i32.add (local.get $nl) (i32.const 1)))
        (br_if $done (global.get $stopped))
        (br $lines)))
    (global.set $consumed (i32.sub (local.get $s) (local.get $in)))
    (global.set $lines (local.get $lineIndex))
    (global.set $skippedRecords (local.get $skipped))
    (global.set $recordsAfterLast (local.get $pending))
    (global.set $talliedAfterLast (local.get $tallied))
    (local.get $n))

;; The common call shapes (lib/trace/call-line.ts is the reference, and parses every line this
  ;; leaves to it): `PARSE|EXEC|FETCH|UNMAP|CLOSE #<cursor>[:| ]<key>=<digits>,…` and
  ;; `XCTEND <key>=<digits>, …`. Returns the call's code (1 PARSE, 2 EXEC, 3 FETCH, 4 UNMAP,
  ;; 6 CLOSE, 7 XCTEND), or 0 when the line is not of this shape (SORT UNMAP, STAT, ERROR, a
  ;; cursor of more than 15 digits, a value that is not digits or has more than 16, a key longer
  ;; than 15 bytes, …): the scanner then parses it. Writes, in the record: 12 the cursor's start,
  ;; 16 its length, 20 the code; at $fields, 16 f64 (NaN where the line has no such field):
  ;;   0 c  1 e  2 p  3 cr  4 cu  5 mis  6 r  7 dep  8 og  9 plh  10 tim  11 type  12 rlbk
  ;;  13 rd_only  14 the cursor's value  15 bytes  (c, e and tim in the trace's unit)
  (func $parseCall (param $in i32) (param $s i32) (param $e i32) (param $rec i32) (param $fields i32) (result i32)
    (local $code i32) (local $p i32) (local $head i32) (local $key i32) (local $len i32) (local $b i32)
    (local $value i64) (local $slot i32) (local $nan v128) (local $v v128) (local $eqs i32) (local $commas i32) (local $start i32) (local $q i32)
    (local.set $head (i32.load (local.get $s)))
    (local.set $p (i32.add (local.get $s) (i32.const 7)))
    (block $named
      (if (i32.eq (local.get $head) (i32.const 0x43455845)) ;; EXEC #
        (then
          (local.set $code (i32.const 2))
          (local.set $p (i32.add (local.get $s) (i32.const 6)))
          (br $named)))
      (local.set $b (i32.and (i32.load offset=4 (local.get $s)) (i32.const 0xffffff)))
      (if (i32.eq (local.get $b) (i32.const 0x232048)) ;; "H #"
        (then (if (i32.eq (local.get $head) (i32.const 0x43544546)) (then (local.set $code (i32.const 3)) (br $named))))) ;; FETC
      (if (i32.eq (local.get $b) (i32.const 0x232045)) ;; "E #"
        (then
          (if (i32.eq (local.get $head) (i32.const 0x53524150)) (then (local.set $code (i32.const 1)) (br $named))) ;; PARS
          (if (i32.eq (local.get $head) (i32.const 0x534f4c43)) (then (local.set $code (i32.const 6)) (br $named))))) ;; CLOS
      (if (i32.eq (local.get $b) (i32.const 0x232050)) ;; "P #"
        (then (if (i32.eq (local.get $head) (i32.const 0x414d4e55)) (then (local.set $code (i32.const 4)) (br $named))))) ;; UNMA
      (if (i32.eq (local.get $b) (i32.const 0x20444e)) ;; "ND "
        (then (if (i32.eq (local.get $head) (i32.const 0x45544358)) (then (local.set $code (i32.const 7)) (br $named))))) ;; XCTE
      (return (i32.const 0)))
    (local.set $nan (f64x2.splat (f64.const nan)))
    (v128.store offset=112 (local.get $fields) (local.get $nan))
    (v128.store (local.get $fields) (local.get $nan))
    (v128.store offset=16 (local.get $fields) (local.get $nan))
    (v128.store offset=32 (local.get $fields) (local.get $nan))
    (v128.store offset=48 (local.get $fields) (local.get $nan))
    (v128.store offset=64 (local.get $fields) (local.get $nan))
    (v128.store offset=80 (local.get $fields) (local.get $nan))
    (v128.store offset=96 (local.get $fields) (local.get $nan))
    (i32.store offset=12 (local.get $rec) (i32.sub (local.get $p) (local.get $in)))
    (i32.store offset=16 (local.get $rec) (i32.const 0))
    (i32.store offset=20 (local.get $rec) (local.get $code))
    (if (i32.ne (local.get $code) (i32.const 7))
      (then
        ;; The cursor: digits, then a colon or (another database's form) a space.
        (local.set $value (call $number (local.get $p)))
        (if (i64.lt_s (local.get $value) (i64.const 0)) (then (return (i32.const 0))))
        (local.set $len (i32.sub (global.get $numberEnd) (local.get $p)))
        (if (i32.gt_u (local.get $len) (i32.const 15)) (then (return (i32.const 0))))
        (i32.store offset=16 (local.get $rec) (local.get $len))
        (f64.store offset=112 (local.get $fields) (f64.convert_i64_u (local.get $value)))
        (local.set $p (global.get $numberEnd))
        (if (i32.ge_u (local.get $p) (local.get $e)) (then (return (i32.const 0))))
        (local.set $b (i32.load8_u (local.get $p)))
        (if (i32.and (i32.ne (local.get $b) (i32.const 58)) (i32.ne (local.get $b) (i32.const 32))) (then (return (i32.const 0))))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))))
    ;; PARSE, EXEC, FETCH and UNMAP from 8i to 23ai write the same fields in the same order
    ;; (trace-format.md §5; plh from 11g): each is checked as the expected key with one load, no
    ;; key parsed. Any other shape falls through to the loop below, which writes the same slots
    ;; again. Measured on the commit loop (EXEC and XCTEND): ~60 ns a call line, ~95 with the
    ;; loop alone (which finds keys with one 16-byte load; a byte loop, or every comma of the
    ;; line found first, cost the same or more).
    (if (i32.le_u (local.get $code) (i32.const 4))
      (then (block $other
        (local.set $q (call $field (local.get $p) (i64.const 0x3d63) (i32.const 2) (local.get $fields)))
        (local.set $q (call $field (local.get $q) (i64.const 0x3d652c) (i32.const 3) (i32.add (local.get $fields) (i32.const 8))))
        (local.set $q (call $field (local.get $q) (i64.const 0x3d702c) (i32.const 3) (i32.add (local.get $fields) (i32.const 16))))
        (local.set $q (call $field (local.get $q) (i64.const 0x3d72632c) (i32.const 4) (i32.add (local.get $fields) (i32.const 24))))
        (local.set $q (call $field (local.get $q) (i64.const 0x3d75632c) (i32.const 4) (i32.add (local.get $fields) (i32.const 32))))
        (local.set $q (call $field (local.get $q) (i64.const 0x3d73696d2c) (i32.const 5) (i32.add (local.get $fields) (i32.const 40))))
        (local.set $q (call $field (local.get $q) (i64.const 0x3d722c) (i32.const 3) (i32.add (local.get $fields) (i32.const 48))))
        (local.set $q (call $field (local.get $q) (i64.const 0x3d7065642c) (i32.const 5) (i32.add (local.get $fields) (i32.const 56))))
        (local.set $q (call $field (local.get $q) (i64.const 0x3d676f2c) (i32.const 4) (i32.add (local.get $fields) (i32.const 64))))
        (br_if $other (i32.eqz (local.get $q)))
        (if (i64.eq (i64.and (i64.load align=1 (local.get $q)) (i64.const 0xffffffffff)) (i64.const 0x3d686c702c))
          (then (local.set $q (call $field (local.get $q) (i64.const 0x3d686c702c) (i32.const 5) (i32.add (local.get $fields) (i32.const 72))))))
        (local.set $q (call $field (local.get $q) (i64.const 0x3d6d69742c) (i32.const 5) (i32.add (local.get $fields) (i32.const 80))))
        (if (i32.eq (local.get $q) (local.get $e)) (then (return (local.get $code)))))))
    ;; XCTEND rlbk=<0|1>, rd_only=<0|1>[, tim=<n>] (tim from 11g), likewise.
    (if (i32.eq (local.get $code) (i32.const 7))
      (then (block $other
        (local.set $q (call $field (local.get $p) (i64.const 0x3d6b626c72) (i32.const 5) (i32.add (local.get $fields) (i32.const 96))))
        (br_if $other (i32.or (i32.eqz (local.get $q)) (i32.ne (i32.load16_u (local.get $q)) (i32.const 0x202c))))
        (local.set $q (call $field (i32.add (local.get $q) (i32.const 2)) (i64.const 0x3d796c6e6f5f6472) (i32.const 8) (i32.add (local.get $fields) (i32.const 104))))
        (if (i32.eq (local.get $q) (local.get $e)) (then (return (local.get $code))))
        (br_if $other (i32.or (i32.eqz (local.get $q)) (i32.ne (i32.load16_u (local.get $q)) (i32.const 0x202c))))
        (local.set $q (call $field (i32.add (local.get $q) (i32.const 2)) (i64.const 0x3d6d6974) (i32.const 4) (i32.add (local.get $fields) (i32.const 80))))
        (if (i32.eq (local.get $q) (local.get $e)) (then (return (local.get $code)))))))
    (block $end
      (loop $fieldLoop
        (br_if $end (i32.ge_u (local.get $p) (local.get $e)))
        (local.set $b (i32.load8_u (local.get $p)))
        (if (i32.or (i32.eq (local.get $b) (i32.const 44)) (i32.eq (local.get $b) (i32.const 32)))
          (then
            (local.set $p (i32.add (local.get $p) (i32.const 1)))
            (br $fieldLoop)))
        ;; One 16-byte load gives the field's `=` and, for most fields, the comma after its
        ;; value. key: (length << 24) | its first three bytes, as lib/trace/call-line.ts codes
        ;; it; a key of more than 15 bytes goes to the scanner.
        (local.set $v (v128.load align=1 (local.get $p)))
        (local.set $eqs (i8x16.bitmask (i8x16.eq (local.get $v) (i8x16.splat (i32.const 61)))))
        (local.set $commas (i8x16.bitmask (i8x16.eq (local.get $v) (i8x16.splat (i32.const 44)))))
        (if (i32.eqz (local.get $eqs)) (then (return (i32.const 0))))
        (local.set $len (i32.ctz (local.get $eqs)))
        (if (i32.or (i32.eqz (local.get $len))
                    (i32.or (i32.ge_u (i32.add (local.get $p) (local.get $len)) (local.get $e))
                            (i32.lt_u (i32.ctz (local.get $commas)) (local.get $len))))
          (then (return (i32.const 0))))
        (local.set $key (i32.or
          (i32.and (i32.load (local.get $p))
                   (select (i32.const 0xffffff) (i32.sub (i32.shl (i32.const 1) (i32.shl (local.get $len) (i32.const 3))) (i32.const 1))
                           (i32.ge_u (local.get $len) (i32.const 3))))
          (i32.shl (local.get $len) (i32.const 24))))
        (local.set $start (i32.add (i32.add (local.get $p) (local.get $len)) (i32.const 1)))
        ;; value: digits up to a comma or the line's end; empty is missing
        (local.set $commas (i32.and (local.get $commas) (i32.shl (i32.const -1) (local.get $len))))
        (if (local.get $commas)
          (then
            (local.set $p (i32.add (local.get $p) (i32.ctz (local.get $commas))))
            (if (i32.gt_u (local.get $p) (local.get $e)) (then (local.set $p (local.get $e)))))
          (else
            ;; No comma in the 16 bytes: a long value (a tim), and the line's last field as a rule.
            (local.set $value (call $number (local.get $start)))
            (if (i64.lt_s (local.get $value) (i64.const 0)) (then (return (i32.const 0))))
            (local.set $p (global.get $numberEnd))
            (if (i32.lt_u (local.get $p) (local.get $e))
              (then (if (i32.ne (i32.load8_u (local.get $p)) (i32.const 44)) (then (return (i32.const 0))))))))
        ;; $p: the value's end (its comma, or the line's end)
        (if (i32.eq (local.get $p) (local.get $start)) (then (br $fieldLoop)))
        (local.set $value (call $number (local.get $start)))
        (if (i32.or (i64.lt_s (local.get $value) (i64.const 0)) (i32.ne (global.get $numberEnd) (local.get $p)))
          (then (return (i32.const 0))))
        (local.set $slot (call $callSlot (local.get $key)))
        (if (i32.ge_s (local.get $slot) (i32.const 0))
          (then (f64.store (i32.add (local.get $fields) (i32.shl (local.get $slot) (i32.const 3))) (f64.convert_i64_u (local.get $value)))))
        (br $fieldLoop)))
    (local.get $code))

;; One expected field of parseCall's fast path: the key bytes (1 to 8, `=` included) at `p`,
  ;; then digits, written as f64 at `slot`. Returns where they end, or 0 when `p` is 0 (an earlier
  ;; field did not match) or this one does not match.
  (func $field (param $p i32) (param $key i64) (param $length i32) (param $slot i32) (result i32)
    (local $value i64) (local $q i32) (local $x i64) (local $k i32)
    (if (i32.eqz (local.get $p)) (then (return (i32.const 0))))
    (if (i64.ne (i64.and (i64.load align=1 (local.get $p))
                         (select (i64.const -1)
                                 (i64.sub (i64.shl (i64.const 1) (i64.extend_i32_u (i32.shl (local.get $length) (i32.const 3)))) (i64.const 1))
                                 (i32.eq (local.get $length) (i32.const 8))))
                (local.get $key))
      (then (return (i32.const 0))))
    ;; Up to 7 digits (most of a call line's values) here, as $number reads them; 8 may go on past
    ;; the 8-byte load, so 8 and more (plh, tim) go through $number, which reads a second half.
    ;; Why: every call of $number cost as much as its digits (V8 in Node 20 inlines no wasm call),
    ;; ~17 % of the profile's kernel. Binaryen now inlines both $number and this function into
    ;; $parseCall (scripts/build-kernel.mjs); the fast path still saves the second half's work.
    (local.set $q (i32.add (local.get $p) (local.get $length)))
    (local.set $x (i64.load align=1 (local.get $q)))
    (local.set $k (i32.shr_u (call $leadingDigits (local.get $x)) (i32.const 3)))
    (if (i32.lt_u (i32.sub (local.get $k) (i32.const 1)) (i32.const 7))
      (then
        (f64.store (local.get $slot) (f64.convert_i64_u (call $digitsValue (local.get $x) (local.get $k))))
        (return (i32.add (local.get $q) (local.get $k)))))
    (local.set $value (call $number (local.get $q)))
    (if (i64.lt_s (local.get $value) (i64.const 0)) (then (return (i32.const 0))))
    (f64.store (local.get $slot) (f64.convert_i64_u (local.get $value)))
    (global.get $numberEnd))

    ;; The field slot of a key code (see $parseCall), -1 for keys not read.
  (func $callSlot (param $key i32) (result i32)
    (if (i32.eq (local.get $key) (i32.const 0x01000063)) (then (return (i32.const 0))))  ;; c
    (if (i32.eq (local.get $key) (i32.const 0x01000065)) (then (return (i32.const 1))))  ;; e
    (if (i32.eq (local.get $key) (i32.const 0x01000070)) (then (return (i32.const 2))))  ;; p
    (if (i32.eq (local.get $key) (i32.const 0x02007263)) (then (return (i32.const 3))))  ;; cr
    (if (i32.eq (local.get $key) (i32.const 0x02007563)) (then (return (i32.const 4))))  ;; cu
    (if (i32.eq (local.get $key) (i32.const 0x0373696d)) (then (return (i32.const 5))))  ;; mis
    (if (i32.eq (local.get $key) (i32.const 0x01000072)) (then (return (i32.const 6))))  ;; r
    (if (i32.eq (local.get $key) (i32.const 0x03706564)) (then (return (i32.const 7))))  ;; dep
    (if (i32.eq (local.get $key) (i32.const 0x0200676f)) (then (return (i32.const 8))))  ;; og
    (if (i32.eq (local.get $key) (i32.const 0x03686c70)) (then (return (i32.const 9))))  ;; plh
    (if (i32.eq (local.get $key) (i32.const 0x036d6974)) (then (return (i32.const 10)))) ;; tim
    (if (i32.eq (local.get $key) (i32.const 0x04707974)) (then (return (i32.const 11)))) ;; type
    (if (i32.eq (local.get $key) (i32.const 0x04626c72)) (then (return (i32.const 12)))) ;; rlbk
    (if (i32.eq (local.get $key) (i32.const 0x075f6472)) (then (return (i32.const 13)))) ;; rd_only
    (if (i32.eq (local.get $key) (i32.const 0x05747962)) (then (return (i32.const 15)))) ;; bytes
    (i32.const -1))

  ;; The decimal digits at `p` (1 to 16, SWAR in 8-byte halves): their value, with their end in
  ;; $numberEnd; -1 when there is no digit, more than 16, or the value is 2^53 or more (a double
  ;; would round it, and JavaScript's digit loop may round it differently).
  (func $number (param $p i32) (result i64)
    (local $x i64) (local $k i32) (local $k2 i32) (local $value i64)
    (local.set $x (i64.load align=1 (local.get $p)))
    (local.set $k (i32.shr_u (call $leadingDigits (local.get $x)) (i32.const 3)))
    (if (i32.eqz (local.get $k)) (then (return (i64.const -1))))
    (if (i32.lt_u (local.get $k) (i32.const 8))
      (then
        (global.set $numberEnd (i32.add (local.get $p) (local.get $k)))
        (return (call $digitsValue (local.get $x) (local.get $k)))))
    (local.set $value (call $digitsValue (local.get $x) (i32.const 8)))
    (local.set $x (i64.load offset=8 align=1 (local.get $p)))
    (local.set $k2 (i32.shr_u (call $leadingDigits (local.get $x)) (i32.const 3)))
    (if (i32.eq (local.get $k2) (i32.const 8))
      (then (if (i32.lt_u (i32.sub (i32.load8_u offset=16 (local.get $p)) (i32.const 48)) (i32.const 10))
        (then (return (i64.const -1))))))
    (global.set $numberEnd (i32.add (local.get $p) (i32.add (i32.const 8) (local.get $k2))))
    (if (i32.eqz (local.get $k2)) (then (return (local.get $value))))
    (local.set $value (i64.add (i64.mul (local.get $value) (call $pow10 (local.get $k2)))
                               (call $digitsValue (local.get $x) (local.get $k2))))
    (if (i64.ge_u (local.get $value) (i64.const 0x20000000000000)) (then (return (i64.const -1))))
    (local.get $value))

  ;; 10^k for k = 1..8: the scale of the second half of a value of 9 to 16 digits (k = 0 never
  ;; comes here): one multiply where a loop of k multiplies was.
  (func $pow10 (param $k i32) (result i64)
    (select (i64.const 100000000)
      (select (i64.const 10000000)
        (select (i64.const 1000000)
          (select (i64.const 100000)
            (select (i64.const 10000)
              (select (i64.const 1000)
                (select (i64.const 100) (i64.const 10) (i32.eq (local.get $k) (i32.const 2)))
                (i32.eq (local.get $k) (i32.const 3)))
              (i32.eq (local.get $k) (i32.const 4)))
            (i32.eq (local.get $k) (i32.const 5)))
          (i32.eq (local.get $k) (i32.const 6)))
        (i32.eq (local.get $k) (i32.const 7)))
      (i32.eq (local.get $k) (i32.const 8))))

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
  ;; parseWaitLine (wait-line.ts). Returns the line's kind (1, 5 or 6), or 0 when the line is not
  ;; of this shape or holds something the kernel leaves to the scanner (a quote in the name, a
  ;; name of more than 64 bytes, a tim of more than 16 digits or above 2^53): the scanner then
  ;; parses it. Nothing is booked before the line is known to be complete and parsed.
  (func $parseWait (param $in i32) (param $s i32) (param $e i32) (param $rec i32) (result i32)
    (local $p i32) (local $name i32) (local $len i32) (local $entry i32) (local $hit i32)
    (local $m i32) (local $k i32) (local $x i64) (local $acc i64) (local $ela f64) (local $elaEnd i32) (local $t i32)
    ;; The cursor number: 16 bytes tested for digits at once.
    (local.set $m (i8x16.bitmask (i8x16.le_u (i8x16.sub (v128.load offset=6 align=1 (local.get $s)) (i8x16.splat (i32.const 48)))
                                             (i8x16.splat (i32.const 9)))))
    (local.set $k (i32.ctz (i32.xor (local.get $m) (i32.const -1))))
    (if (i32.eqz (local.get $k)) (then (return (i32.const 0))))
    (local.set $p (i32.add (i32.add (local.get $s) (i32.const 6)) (local.get $k)))
    (if (i32.eq (local.get $k) (i32.const 16))
      (then (loop $more
        (if (i32.lt_u (i32.sub (i32.load8_u (local.get $p)) (i32.const 48)) (i32.const 10))
          (then
            (local.set $p (i32.add (local.get $p) (i32.const 1)))
            (br $more))))))
    ;; ": nam='" (7 bytes; none of them is a line end, so a match lies inside the line)
    (if (i64.ne (i64.and (i64.load align=1 (local.get $p)) (i64.const 0x00ffffffffffffff)) (i64.const 0x00273d6d616e203a))
      (then (return (i32.const 0))))
    (local.set $name (i32.add (local.get $p) (i32.const 7)))
    (i32.store offset=12 (local.get $rec) (i32.sub (local.get $name) (local.get $in)))
    ;; The name runs to the first quote followed by " ela=". Names in the table hold no quote, so
    ;; a table name followed by "' ela=" here is this line's name.
    (block $known
      (local.set $entry (global.get $predicted))
      (if (local.get $entry)
        (then
          (local.set $len (i32.load offset=64 (local.get $entry)))
          (if (i64.eq (i64.and (i64.load align=1 (i32.add (local.get $name) (local.get $len))) (i64.const 0xffffffffffff))
                      (i64.const 0x3d616c652027)) ;; "' ela="
            (then (if (call $sameName (local.get $name) (local.get $entry) (local.get $len))
              (then
                (local.set $hit (i32.const 1))
                (br $known)))))))
      ;; The first quote, 16 bytes at a time.
      (local.set $p (local.get $name))
      (block $quoted
        (loop $seek
          (local.set $m (i8x16.bitmask (i8x16.eq (v128.load align=1 (local.get $p)) (i8x16.splat (i32.const 39)))))
          (if (local.get $m)
            (then
              (local.set $p (i32.add (local.get $p) (i32.ctz (local.get $m))))
              (br $quoted)))
          (local.set $p (i32.add (local.get $p) (i32.const 16)))
          (br_if $seek (i32.lt_u (local.get $p) (local.get $e)))
          (return (i32.const 0))))
      (if (i32.ge_u (local.get $p) (local.get $e)) (then (return (i32.const 0))))
      (if (i64.ne (i64.and (i64.load align=1 (local.get $p)) (i64.const 0xffffffffffff)) (i64.const 0x3d616c652027))
        (then (return (i32.const 0))))
      (local.set $len (i32.sub (local.get $p) (local.get $name)))
      (local.set $entry (call $lookup (local.get $name) (local.get $len))))
    (if (local.get $hit)
      (then
        (global.set $lastEntry (local.get $entry))
        (global.set $predicted (i32.load offset=76 (local.get $entry)))))
    (i32.store offset=16 (local.get $rec) (local.get $len))
    ;; ela: spaces, then up to 7 digits at once (SWAR), more one by one below 2^53.
    (local.set $p (i32.add (i32.add (local.get $name) (local.get $len)) (i32.const 6)))
    (loop $spaces
      (if (i32.eq (i32.load8_u (local.get $p)) (i32.const 32))
        (then
          (local.set $p (i32.add (local.get $p) (i32.const 1)))
          (br $spaces))))
    (local.set $x (i64.load align=1 (local.get $p)))
    (local.set $k (i32.shr_u (call $leadingDigits (local.get $x)) (i32.const 3)))
    (if (i32.eqz (local.get $k)) (then (return (i32.const 0))))
    (if (i32.le_u (local.get $k) (i32.const 4))
      (then
        ;; Most waits take at most 4 digits: two multiply steps on 32 bits instead of three on 64.
        (local.set $ela (f64.convert_i32_u (call $digitsValue4 (i32.wrap_i64 (local.get $x)) (local.get $k))))
        (local.set $elaEnd (i32.add (local.get $p) (local.get $k))))
    (else (if (i32.lt_u (local.get $k) (i32.const 8))
      (then
        (local.set $ela (f64.convert_i64_u (call $digitsValue (local.get $x) (local.get $k))))
        (local.set $elaEnd (i32.add (local.get $p) (local.get $k))))
      (else
        (block $elaDone
          (loop $elaDigits
            (local.set $k (i32.sub (i32.load8_u (local.get $p)) (i32.const 48)))
            (br_if $elaDone (i32.ge_u (local.get $k) (i32.const 10)))
            (local.set $acc (i64.add (i64.mul (local.get $acc) (i64.const 10)) (i64.extend_i32_u (local.get $k))))
            (if (i64.ge_u (local.get $acc) (i64.const 0x20000000000000)) (then (return (i32.const 0))))
            (local.set $p (i32.add (local.get $p) (i32.const 1)))
            (br $elaDigits)))
        (local.set $ela (f64.convert_i64_u (local.get $acc)))
        (local.set $elaEnd (local.get $p))))))
    (f64.store offset=24 (local.get $rec) (local.get $ela))
    ;; `tim=` is the last field of a complete line from 10.2 on: the digits that end the line,
    ;; from a digit mask of its last 32 bytes (bytes before elaEnd do not count).
    (local.set $m (i32.or
      (i8x16.bitmask (i8x16.le_u (i8x16.sub (v128.load align=1 (i32.sub (local.get $e) (i32.const 32))) (i8x16.splat (i32.const 48)))
                                 (i8x16.splat (i32.const 9))))
      (i32.shl (i8x16.bitmask (i8x16.le_u (i8x16.sub (v128.load align=1 (i32.sub (local.get $e) (i32.const 16))) (i8x16.splat (i32.const 48)))
                                          (i8x16.splat (i32.const 9))))
               (i32.const 16))))
    (if (i32.eq (local.get $m) (i32.const -1)) (then (return (i32.const 0))))
    (local.set $t (i32.sub (local.get $e) (i32.clz (i32.xor (local.get $m) (i32.const -1)))))
    (if (i32.lt_u (local.get $t) (local.get $elaEnd)) (then (local.set $t (local.get $elaEnd))))
    (f64.store offset=32 (local.get $rec) (f64.const nan))
    (global.set $unknownEvent (i32.eqz (local.get $entry)))
    (if (i32.eqz (i32.and
          (i32.and (i32.lt_u (local.get $t) (local.get $e))
                   (i32.ge_s (i32.sub (local.get $t) (i32.const 5)) (local.get $elaEnd)))
          (i32.and (i32.eq (i32.load align=1 (i32.sub (local.get $t) (i32.const 4))) (i32.const 0x3d6d6974)) ;; "tim="
                   (i32.eq (i32.load8_u (i32.sub (local.get $t) (i32.const 5))) (i32.const 32)))))
      (then (return (i32.const 1))))
    ;; A complete WAIT of a known event the scanner does not need line by line; of the kept event,
    ;; when only its counts by value are kept (mode 2), counted in the tally table: its tim is
    ;; never needed then.
    (if (i32.and (i32.eqz (i32.or (global.get $wantTim) (i32.and (global.get $emit) (i32.const 4))))
                 (i32.ne (local.get $entry) (i32.const 0)))
      (then
        (if (i32.eqz (i32.load offset=72 (local.get $entry)))
          (then
            (call $book (local.get $entry) (local.get $ela))
            (return (i32.const 5))))
        (if (i32.and (i32.eq (i32.load offset=72 (local.get $entry)) (i32.const 2))
                     (f64.lt (local.get $ela) (f64.convert_i32_u (global.get $tallyCells))))
          (then
            (call $book (local.get $entry) (local.get $ela))
            (call $tallyOne (i32.trunc_f64_u (local.get $ela)))
            (return (i32.const 7))))))
    ;; The tim itself: up to 16 digits, in two SWAR halves.
    (local.set $k (i32.sub (local.get $e) (local.get $t)))
    (if (i32.gt_u (local.get $k) (i32.const 16)) (then (return (i32.const 0))))
    (if (i32.le_u (local.get $k) (i32.const 8))
      (then (local.set $acc (call $digitsValue (i64.load align=1 (local.get $t)) (local.get $k))))
      (else (local.set $acc
        (i64.add (i64.mul (call $digitsValue (i64.load align=1 (local.get $t)) (i32.sub (local.get $k) (i32.const 8))) (i64.const 100000000))
                 (call $digitsValue (i64.load align=1 (i32.sub (local.get $e) (i32.const 8))) (i32.const 8))))))
    (if (i64.ge_u (local.get $acc) (i64.const 0x20000000000000)) (then (return (i32.const 0))))
    (f64.store offset=32 (local.get $rec) (f64.convert_i64_u (local.get $acc)))
    (if (i32.and (i32.eqz (global.get $wantTim)) (i32.ne (local.get $entry) (i32.const 0)))
      (then
        (call $book (local.get $entry) (local.get $ela))
        ;; The wait log: the event's id + 1 for the scan loop, and the kind the early return above
        ;; would have given (it is skipped in this mode, which needs every tim).
        (i32.store offset=40 (local.get $rec) (i32.load offset=68 (local.get $entry)))
        (if (i32.and (global.get $emit) (i32.const 4))
          (then
            (if (i32.eqz (i32.load offset=72 (local.get $entry))) (then (return (i32.const 5))))
            (if (i32.and (i32.eq (i32.load offset=72 (local.get $entry)) (i32.const 2))
                         (f64.lt (local.get $ela) (f64.convert_i32_u (global.get $tallyCells))))
              (then
                (call $tallyOne (i32.trunc_f64_u (local.get $ela)))
                (return (i32.const 7))))))
        (return (i32.const 6))))
    (global.set $wantTim (i32.const 0))
    (i32.const 1))

  ;; Bit index of the first byte of `x` (little-endian) that is not an ASCII digit; 64 when all 8
  ;; are digits. A byte's own test is exact; carries only run into later bytes, past the answer.
  (func $leadingDigits (param $x i64) (result i32)
    (i32.wrap_i64 (i64.ctz (i64.and
      (i64.or (i64.add (local.get $x) (i64.const 0x4646464646464646)) (i64.sub (local.get $x) (i64.const 0x3030303030303030)))
      (i64.const 0x8080808080808080)))))

  ;; digitsValue for k = 1..4 digits in the low 32 bits of `x`.
  (func $digitsValue4 (param $x i32) (param $k i32) (result i32)
    (local.set $x (i32.shl (i32.sub (local.get $x) (i32.const 0x30303030))
                           (i32.shl (i32.sub (i32.const 4) (local.get $k)) (i32.const 3))))
    (local.set $x (i32.and (i32.add (i32.mul (local.get $x) (i32.const 10)) (i32.shr_u (local.get $x) (i32.const 8)))
                           (i32.const 0x00ff00ff)))
    (i32.and (i32.add (i32.mul (local.get $x) (i32.const 100)) (i32.shr_u (local.get $x) (i32.const 16)))
             (i32.const 0xffff)))

  ;; The value of the first `k` (1..8) bytes of `x`, all ASCII digits, the first the most
  ;; significant: shifted so the digits end the word (leading zeros before them), then combined
  ;; pairwise in three multiply steps.
  (func $digitsValue (param $x i64) (param $k i32) (result i64)
    (local.set $x (i64.shl (i64.sub (local.get $x) (i64.const 0x3030303030303030))
                           (i64.extend_i32_u (i32.shl (i32.sub (i32.const 8) (local.get $k)) (i32.const 3)))))
    (local.set $x (i64.and (i64.add (i64.mul (local.get $x) (i64.const 10)) (i64.shr_u (local.get $x) (i64.const 8)))
                           (i64.const 0x00ff00ff00ff00ff)))
    (local.set $x (i64.and (i64.add (i64.mul (local.get $x) (i64.const 100)) (i64.shr_u (local.get $x) (i64.const 16)))
                           (i64.const 0x0000ffff0000ffff)))
    (i64.and (i64.add (i64.mul (local.get $x) (i64.const 10000)) (i64.shr_u (local.get $x) (i64.const 32)))
             (i64.const 0xffffffff)))

  ;; The event table: 1024 entries of 128 bytes at $events, filled by the scanner (`register`)
  ;; for events it does not need to see one by one:
  ;;   0 the name (64 bytes, zero after its end)   64 i32 name length   68 i32 event id + 1 (0: empty)
  ;;  72 i32 1 when the scanner keeps samples of the event   76 i32 entry that followed it last time
  ;;  80 f64 count   88 f64 total   96 f64 min   104 f64 max
  ;; Open addressing on a hash of the name's bytes; names are compared in full.

  ;; Lanes 0..n-1 set (n = 0..16).
  (func $prefixMask (param $n i32) (result v128)
    (i8x16.gt_u (i8x16.splat (local.get $n)) (v128.const i8x16 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15)))

  (func $slotOf (param $name i32) (param $len i32) (result i32)
    (local $v v128) (local $h i64)
    (local.set $v (v128.and (v128.load align=1 (local.get $name))
                            (call $prefixMask (select (local.get $len) (i32.const 16) (i32.lt_u (local.get $len) (i32.const 16))))))
    (if (i32.gt_u (local.get $len) (i32.const 16))
      (then (local.set $v (v128.xor (local.get $v) (v128.load align=1 (i32.sub (i32.add (local.get $name) (local.get $len)) (i32.const 16)))))))
    (local.set $h (i64.xor (i64.xor (i64x2.extract_lane 0 (local.get $v)) (i64.rotl (i64x2.extract_lane 1 (local.get $v)) (i64.const 29)))
                           (i64.extend_i32_u (local.get $len))))
    (i32.wrap_i64 (i64.shr_u (i64.mul (local.get $h) (i64.const 0x9e3779b97f4a7c15)) (i64.const 54))))

  ;; Whether the `len` bytes at `a` are the name of the entry at `b`.
  (func $sameName (param $a i32) (param $b i32) (param $len i32) (result i32)
    (loop $blocks
      (if (i32.gt_u (local.get $len) (i32.const 16))
        (then
          (if (i32.eqz (i8x16.all_true (i8x16.eq (v128.load align=1 (local.get $a)) (v128.load (local.get $b)))))
            (then (return (i32.const 0))))
          (local.set $a (i32.add (local.get $a) (i32.const 16)))
          (local.set $b (i32.add (local.get $b) (i32.const 16)))
          (local.set $len (i32.sub (local.get $len) (i32.const 16)))
          (br $blocks))))
    (i8x16.all_true (i8x16.eq (v128.and (v128.load align=1 (local.get $a)) (call $prefixMask (local.get $len)))
                              (v128.load (local.get $b)))))

  ;; The entry of the name at `name`, or 0 when it is not in the table. Remembers the entry for
  ;; the next WAIT's guess.
  (func $lookup (param $name i32) (param $len i32) (result i32)
    (local $slot i32) (local $entry i32)
    (block $done
      (if (i32.gt_u (local.get $len) (i32.const 64)) (then (br $done)))
      (local.set $slot (call $slotOf (local.get $name) (local.get $len)))
      (loop $probe
        (local.set $entry (i32.add (global.get $events) (i32.shl (local.get $slot) (i32.const 7))))
        (if (i32.eqz (i32.load offset=68 (local.get $entry)))
          (then
            (local.set $entry (i32.const 0))
            (br $done)))
        (if (i32.eq (i32.load offset=64 (local.get $entry)) (local.get $len))
          (then (br_if $done (call $sameName (local.get $name) (local.get $entry) (local.get $len)))))
        (local.set $slot (i32.and (i32.add (local.get $slot) (i32.const 1)) (i32.const 1023)))
        (br $probe)))
    (if (global.get $lastEntry) (then (i32.store offset=76 (global.get $lastEntry) (local.get $entry))))
    (global.set $lastEntry (local.get $entry))
    (global.set $predicted (select (i32.load offset=76 (local.get $entry)) (i32.const 0) (local.get $entry)))
    (local.get $entry))

  ;; Books one WAIT of the entry's event.
  (func $book (param $entry i32) (param $ela f64)
    (f64.store offset=80 (local.get $entry) (f64.add (f64.load offset=80 (local.get $entry)) (f64.const 1)))
    (f64.store offset=88 (local.get $entry) (f64.add (f64.load offset=88 (local.get $entry)) (local.get $ela)))
    (f64.store offset=96 (local.get $entry) (f64.min (f64.load offset=96 (local.get $entry)) (local.get $ela)))
    (f64.store offset=104 (local.get $entry) (f64.max (f64.load offset=104 (local.get $entry)) (local.get $ela))))

  ;; Adds an event the scanner wants booked here; `name` points at its bytes (no quote in them).
  ;; Returns the entry, or 0 for a name longer than 64 bytes. The scanner keeps the table under
  ;; 3/4 full, so probing always ends at an empty entry.
  (func (export "register") (param $name i32) (param $len i32) (param $id i32) (param $sampled i32) (result i32)
    (local $slot i32) (local $entry i32) (local $i i32)
    (if (i32.gt_u (local.get $len) (i32.const 64)) (then (return (i32.const 0))))
    (local.set $slot (call $slotOf (local.get $name) (local.get $len)))
    (loop $probe
      (local.set $entry (i32.add (global.get $events) (i32.shl (local.get $slot) (i32.const 7))))
      (if (i32.load offset=68 (local.get $entry))
        (then
          (local.set $slot (i32.and (i32.add (local.get $slot) (i32.const 1)) (i32.const 1023)))
          (br $probe))))
    (loop $copy
      (if (i32.lt_u (local.get $i) (local.get $len))
        (then
          (i32.store8 (i32.add (local.get $entry) (local.get $i)) (i32.load8_u (i32.add (local.get $name) (local.get $i))))
          (local.set $i (i32.add (local.get $i) (i32.const 1)))
          (br $copy))))
    (i32.store offset=64 (local.get $entry) (local.get $len))
    (i32.store offset=68 (local.get $entry) (i32.add (local.get $id) (i32.const 1)))
    (i32.store offset=72 (local.get $entry) (local.get $sampled))
    (i32.store offset=76 (local.get $entry) (i32.const 0))
    (f64.store offset=80 (local.get $entry) (f64.const 0))
    (f64.store offset=88 (local.get $entry) (f64.const 0))
    (f64.store offset=96 (local.get $entry) (f64.const inf))
    (f64.store offset=104 (local.get $entry) (f64.const -inf))
    (local.get $entry))

  (func $tallyOne (param $v i32)
    (local $at i32)
    (local.set $at (i32.add (global.get $tally) (i32.shl (local.get $v) (i32.const 2))))
    (i32.store (local.get $at) (i32.add (i32.load (local.get $at)) (i32.const 1)))
    (if (i32.gt_s (local.get $v) (global.get $tallyTop)) (then (global.set $tallyTop (local.get $v))))
    (global.set $tallyCount (i32.add (global.get $tallyCount) (i32.const 1))))

  ;; Moves the tally's counts out in ascending order of value, and zeroes their cells: each
  ;; nonzero cell from $drainAt on becomes a u32 value at $values and its u32 count at $counts, up
  ;; to $capacity of them. Returns how many; fewer than $capacity means the tally is empty again.
  ;; Why here, not in JavaScript: the loop runs once per range, over up to $tallyTop cells (~300 k
  ;; for a 0.3 s wait), in code that is still cold then; in JavaScript it cost ~10-25 ms a range.
  (func (export "drainTally") (param $values i32) (param $counts i32) (param $capacity i32) (result i32)
    (local $v i32) (local $top i32) (local $n i32) (local $at i32) (local $c i32)
    (local.set $v (global.get $drainAt))
    (local.set $top (global.get $tallyTop))
    (global.set $drained (i32.const 0))
    (block $done
      (loop $cells
        (br_if $done (i32.gt_s (local.get $v) (local.get $top)))
        (local.set $at (i32.add (global.get $tally) (i32.shl (local.get $v) (i32.const 2))))
        ;; Most cells are zero: four at once (not past the top: the table may end the memory).
        (if (i32.le_s (local.get $v) (i32.sub (local.get $top) (i32.const 3)))
          (then (if (i32.eqz (v128.any_true (v128.load align=4 (local.get $at))))
            (then
              (local.set $v (i32.add (local.get $v) (i32.const 4)))
              (br $cells)))))
        (local.set $c (i32.load (local.get $at)))
        (if (local.get $c)
          (then
            (br_if $done (i32.ge_u (local.get $n) (local.get $capacity)))
            (i32.store (i32.add (local.get $values) (i32.shl (local.get $n) (i32.const 2))) (local.get $v))
            (i32.store (i32.add (local.get $counts) (i32.shl (local.get $n) (i32.const 2))) (local.get $c))
            (i32.store (local.get $at) (i32.const 0))
            (global.set $drained (i32.add (global.get $drained) (local.get $c)))
            (local.set $n (i32.add (local.get $n) (i32.const 1)))))
        (local.set $v (i32.add (local.get $v) (i32.const 1)))
        (br $cells)))
    (global.set $drainAt (local.get $v))
    (if (i32.gt_s (local.get $v) (local.get $top))
      (then
        (global.set $drainAt (i32.const 0))
        (global.set $tallyTop (i32.const -1))
        (global.set $tallyCount (i32.const 0))))
    (local.get $n))

  ;; Forgets the previous scan's state (the scanner clears the event table's bytes and the tally).
  (func (export "reset") (param $stops i32)
    (global.set $lastEntry (i32.const 0))
    (global.set $predicted (i32.const 0))
    (global.set $unknownEvent (i32.const 0))
    (global.set $stopped (i32.const 0))
    (global.set $stopsLeft (local.get $stops))
    (global.set $tallyTop (i32.const -1))
    (global.set $tallyCount (i32.const 0))
    (global.set $talliedAfterLast (i32.const 0))
    (global.set $drainAt (i32.const 0)))

  (func $logWait (param $id i32) (param $seq i32) (param $ela f64) (param $tim f64)
                  (param $start i32) (param $end i32) (param $line i32)
    (local $i i32) (local $max i32)
    (local.set $i (global.get $waitLogCount))
    (local.set $max (global.get $maxSamples))
    (i32.store (i32.add (global.get $waitLog) (i32.shl (local.get $i) (i32.const 2))) (local.get $id))
    (i32.store (i32.add (global.get $waitLog) (i32.shl (i32.add (local.get $max) (local.get $i)) (i32.const 2))) (local.get $seq))
    (f64.store (i32.add (global.get $waitLog) (i32.shl (i32.add (local.get $max) (local.get $i)) (i32.const 3))) (local.get $ela))
    (f64.store (i32.add (global.get $waitLog) (i32.shl (i32.add (i32.shl (local.get $max) (i32.const 1)) (local.get $i)) (i32.const 3))) (local.get $tim))
    ;; Where the WAIT is (its line's start and end in the input, its line index), for a visitor
    ;; that reads more of it than its event, ela and tim (the Parquet export's waits table).
    (i32.store (i32.add (global.get $waitLog) (i32.shl (i32.add (i32.mul (local.get $max) (i32.const 6)) (local.get $i)) (i32.const 2))) (local.get $start))
    (i32.store (i32.add (global.get $waitLog) (i32.shl (i32.add (i32.mul (local.get $max) (i32.const 7)) (local.get $i)) (i32.const 2))) (local.get $end))
    (i32.store (i32.add (global.get $waitLog) (i32.shl (i32.add (i32.shl (local.get $max) (i32.const 3)) (local.get $i)) (i32.const 2))) (local.get $line))
    (global.set $waitLogCount (i32.add (local.get $i) (i32.const 1))))

  (func $logCommit (param $tim f64) (param $seq i32)
    (local $i i32)
    (local.set $i (global.get $commitLogCount))
    (f64.store (i32.add (global.get $commitLog) (i32.shl (local.get $i) (i32.const 3))) (local.get $tim))
    (i32.store (i32.add (global.get $commitLog) (i32.shl (i32.add (i32.shl (global.get $maxSamples) (i32.const 1)) (local.get $i)) (i32.const 2))) (local.get $seq))
    (global.set $commitLogCount (i32.add (local.get $i) (i32.const 1))))

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
