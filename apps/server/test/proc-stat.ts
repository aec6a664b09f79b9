// Processes and threads as /proc shows them (Linux): their names, nice values and CPU time, for the
// tests that check how the server runs its threads and the benches that say where a machine's cores
// went. On a shared machine a process's CPU time per unit of work moves less than its latency or its
// rate, since waiting for a core counts in neither. The kernel counts in ticks of 1/100 s.
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
 * Every process named `comm` now running (`postgres`: the server's processes and every connection's),
 * with its CPU time so far in milliseconds. Compare two readings process by process: a process that
 * ended in between takes its time with it, and one that started in between brings all of its own.
 */
export function processesNamed(comm: string): { pid: number; ms: number }[] {
  return readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    const stat = readStat(`/proc/${entry}/stat`);
    return stat?.comm === comm ? [{ pid: Number(entry), ms: stat.ms }] : [];
  });
}

/** Whether this machine has /proc to read. */
export const canReadProc = (): boolean => existsSync('/proc/self/task');
