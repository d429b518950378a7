/**
 * The sources for the commit path (issue 16 §2), cited by the pairing's code, the CLI report and
 * the page. Each `says` paraphrases the passage used, never more than it says.
 */

export interface LgwrSource {
  title: string;
  url: string;
  says: string;
}

export const LGWR_SOURCES: readonly LgwrSource[] = [
  {
    title: 'Oracle Database Reference 12c R1, C.3.89 “log file sync”',
    url: 'https://docs.oracle.com/database/121/REFRN/GUID-4E2F9589-8082-483D-B7FD-33620C23E72A.htm',
    says: 'At commit the session posts LGWR to write the log buffer to the redo log; when LGWR has written it, it posts the session. Wait time: includes the writing of the log buffer and the post.',
  },
  {
    title: 'Oracle Database Reference 12c R1, C.3.81 “log file parallel write”',
    url: 'https://docs.oracle.com/database/121/REFRN/GUID-AE3DE05B-8C11-43A3-8C9E-39A6A374C8D7.htm',
    says: 'LGWR writing redo records from the log buffer to the redo log files. Wait time: the time it takes for the I/Os to complete (the parallel write is complete when the last I/O is on disk). Parameters: files, blocks, requests.',
  },
  {
    title: 'Oracle Exadata System Software User’s Guide, 6.3.4.4 “What to Look For When Monitoring Exadata Smart Flash Log”',
    url: 'https://docs.oracle.com/en/engineered-systems/exadata-database-machine/sagug/monitoring-smart-flash-log-common-issues.html',
    says: 'Redo logging problems show as high log file sync latency in the foregrounds with corresponding high log file parallel write latency in LGWR. Compare the histograms: a long tail in both the write histogram and the storage’s points at the storage; a long tail in the upper one only points elsewhere in the path (network, compute node CPU). waitscope applies the same rule one link up: a tail in log file sync and log file parallel write points at the write; a tail in log file sync alone at CPU, scheduling or the post/wait path.',
  },
  {
    title: 'My Oracle Support note 34592.1, “WAITEVENT: log file sync Reference Note” (as quoted at initdba.com)',
    url: 'http://www.initdba.com/?p=285',
    says: 'The user session posts LGWR and waits for LGWR to post it back once the redo is on disk; the wait time includes the writing of the log buffer and the post.',
  },
] as const;

/** LGWR writes a log write warning only above this (lib/trace/log-write-warning.ts). */
export const LGWR_WARNING_THRESHOLD_MS = 500;

/** What the page and the CLI say wherever `LGWR log write warning` is the measure. */
export const LOG_WRITE_WARNING_NOTE =
  'LGWR log write warning samples are only the writes that took longer than LGWR’s warning threshold (about 500 ms): they are not a distribution of all writes. Their time is the *** stamp before the warning, and their ela is whole ms × 1000.';
