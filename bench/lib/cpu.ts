// CPU time from /proc (Linux), for benches that say where a machine's cores went. On a shared machine
// a process's CPU time per unit of work moves less than its latency or its rate, since waiting for a
// core counts in neither. The kernel counts in ticks of 1/100 s.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

interface TaskStat {
  comm: string;
  /** user + system, in ms. */
  ms: number;
  nice: number;
}

/** One process's or thread's line of /proc: its name, its CPU time so far and its nice value. */
function readStat(path: string): TaskStat | null {
  let line: string;
  try {
    line = readFileSync(path, 'utf8');
  } catch {
    return null; // gone since it was listed
  }
  // The name may hold spaces and parentheses: the fields start after its last ')'.
  const close = line.lastIndexOf(')');
  const fields = line.slice(close + 2).split(' ');
  return {
    comm: line.slice(line.indexOf('(') + 1, close),
    ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND,
    nice: Number(fields[16]),
  };
}

/** A process's CPU time (user + system, all its threads) in milliseconds. */
export function cpuMs(pid: number): number {
  const stat = readStat(`/proc/${pid}/stat`);
  if (!stat) throw new Error(`no process ${pid}`);
  return stat.ms;
}

/** Each thread of a process, with its CPU time in milliseconds; none once the process is gone. */
export function threadsOf(pid: number): (TaskStat & { tid: number })[] {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return tids.flatMap((tid) => {
    const stat = readStat(`/proc/${pid}/task/${tid}/stat`);
    return stat ? [{ ...stat, tid: Number(tid) }] : [];
  });
}

/**
 * The CPU time of every process named `comm` now running (`postgres`: the server's processes and
 * every connection's). A process that ended since an earlier reading takes its time with it, so the
 * difference of two readings leaves out short-lived processes (autovacuum's workers, say).
 */
export function cpuMsOfAll(comm: string): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(`/proc/${entry}/stat`);
    if (stat?.comm === comm) total += stat.ms;
  }
  return total;
}

/** Whether this machine has /proc to read. */
export const canReadCpu = (): boolean => existsSync('/proc/self/stat');
