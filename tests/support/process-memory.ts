import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessMemory {
  pid: number;
  /** Resident memory in MiB (VmRSS). */
  rssMb: number;
  command: string;
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined; // gone meanwhile, or not Linux
  }
}

/**
 * The resident memory of a process and all its descendants, read from /proc (Linux; empty
 * elsewhere): what `npm start` holds in memory, process by process (npm, then the server).
 */
export function processTreeMemory(rootPid: number): ProcessMemory[] {
  let pids: number[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number);
  } catch {
    return [];
  }
  const parentOf = new Map<number, number>();
  for (const pid of pids) {
    const stat = read(`/proc/${pid}/stat`);
    // The command name (field 2) may hold spaces and brackets: the fields after its last ')'.
    if (stat) parentOf.set(pid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
  }
  const inTree = (pid: number): boolean => pid === rootPid || (parentOf.has(pid) && pid !== 1 && inTree(parentOf.get(pid)!));
  const tree: ProcessMemory[] = [];
  for (const pid of pids.filter(inTree).sort((a, b) => a - b)) {
    const rss = /VmRSS:\s+(\d+) kB/.exec(read(`/proc/${pid}/status`) ?? '');
    const command = (read(`/proc/${pid}/cmdline`) ?? '').split('\0').join(' ').trim();
    if (rss) tree.push({ pid, rssMb: Number(rss[1]) / 1024, command });
  }
  return tree;
}

/** "npm start 57 MB, node dist-server/start.js 120 MB (together 177 MB)". */
export function describeMemory(tree: ProcessMemory[]): string {
  const total = tree.reduce((sum, p) => sum + p.rssMb, 0);
  const each = tree.map((p) => `\`${p.command.slice(0, 60)}\` ${Math.round(p.rssMb)} MB`);
  return `${each.join(', ')} (together ${Math.round(total)} MB)`;
}
