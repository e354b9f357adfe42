/**
 * CPU time of processes from /proc/<pid>/stat (Linux): user + system time of a process and all its threads.
 * PostgreSQL is the postmaster and its children: a backend that ends hands its time to the postmaster's
 * cutime/cstime, so "postmaster with its ended children + the live children" counts every backend once.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

interface Stat {
  ppid: number;
  /** utime + stime, ms. */
  own: number;
  /** cutime + cstime (waited-for children), ms. */
  children: number;
}

function readStat(pid: number): Stat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // ended
  }
  // The command name (field 2) may hold spaces: the fields after it start past its closing parenthesis.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const tick = (i: number) => (Number(fields[i]) * 1000) / TICKS_PER_SECOND;
  // fields[0] is field 3 (state): ppid is field 4, utime..cstime fields 14-17.
  return { ppid: Number(fields[1]), own: tick(11) + tick(12), children: tick(13) + tick(14) };
}

/** CPU ms used so far by the processes `pids` (their threads included). */
export function cpuOf(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + (readStat(pid)?.own ?? 0), 0);
}

/** CPU ms used so far by a PostgreSQL server: its postmaster, ended backends and live children. */
export function cpuOfPostgres(postmasterPid: number): number {
  const postmaster = readStat(postmasterPid);
  if (!postmaster) return 0;
  let total = postmaster.own + postmaster.children;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat?.ppid === postmasterPid) total += stat.own;
  }
  return total;
}

/** The postmaster of the server a backend runs in: the parent of that backend's process. */
export function parentOf(pid: number): number {
  const stat = readStat(pid);
  if (!stat) throw new Error(`no process ${pid} (is PostgreSQL on this machine?)`);
  return stat.ppid;
}

/** CPU ms of this (the bench's) process so far. */
export function cpuOfSelf(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}
