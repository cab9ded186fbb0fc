// A back office's CSV export, for scripts/bench.mjs: --export, one GET /api/admin/orders/export
// over every order (from 2000-01-01 to tomorrow); --products-export, one GET
// /api/admin/products/export of every product. The file is read as fast as the socket gives it, while the server's
// resident memory is sampled every 20 ms from /proc (Linux): the process given by --server-pid
// and every process under it (a supervisor's workers). Reports the time to the first byte and
// to the end, the rows and megabytes received, and the memory before (idle) and at its peak.

import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';

/** Resident memory of a process in bytes (VmRSS of /proc/<pid>/status); 0 once it is gone. */
function residentBytes(pid) {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The process and all its descendants (parents read from /proc/<pid>/stat). */
function processTree(root) {
  const parents = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command may hold spaces and parentheses: the fields after its last ')' are fixed.
      const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(after[1]));
    } catch {
      // Ended meanwhile.
    }
  }
  const tree = [root];
  for (let index = 0; index < tree.length; index += 1) {
    for (const [pid, parent] of parents) if (parent === tree[index]) tree.push(pid);
  }
  return tree;
}

/** Each process's resident bytes now. */
const snapshot = (pids) => new Map(pids.map((pid) => [pid, residentBytes(pid)]));

/** The exports bench.mjs measures: their row's name and address. */
export const EXPORTS = {
  orders: () => {
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
    return { name: 'orders: export (CSV)', path: `/api/admin/orders/export?from=2000-01-01&to=${tomorrow}` };
  },
  products: () => ({ name: 'products: export (CSV)', path: '/api/admin/products/export' }),
};

/**
 * `base` (URL) and `headers` (with the administrator's authorization) as bench.mjs has them;
 * `serverPid` the server's process id (or undefined: no memory figures); `which` a key of EXPORTS.
 */
export async function benchExport({ base, headers, serverPid, which = 'orders' }) {
  const { name, path } = EXPORTS[which]();
  const pids = serverPid === undefined ? [] : processTree(serverPid);
  const idle = snapshot(pids);
  const peak = new Map(idle);
  const sampler = setInterval(() => {
    for (const [pid, bytes] of snapshot(pids)) peak.set(pid, Math.max(peak.get(pid) ?? 0, bytes));
  }, 20);
  const started = performance.now();
  let firstByte = 0;
  let bytes = 0;
  let lines = 0;
  let chunks = 0;
  const status = await new Promise((resolve, reject) => {
    const transport = base.protocol === 'https:' ? https : http;
    const request = transport.get(new URL(path, base), { headers: { ...headers, accept: 'text/csv' } }, (response) => {
      response.on('data', (chunk) => {
        if (chunks === 0) firstByte = performance.now() - started;
        chunks += 1;
        bytes += chunk.length;
        for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines += 1;
      });
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  for (const [pid, bytes] of snapshot(pids)) peak.set(pid, Math.max(peak.get(pid) ?? 0, bytes));
  const megabytes = (value) => Math.round((value / 1024 / 1024) * 10) / 10;
  const growth = pids.map((pid) => ({
    pid,
    idle_mb: megabytes(idle.get(pid) ?? 0),
    peak_mb: megabytes(peak.get(pid) ?? 0),
    growth_mb: megabytes((peak.get(pid) ?? 0) - (idle.get(pid) ?? 0)),
  }));
  return {
    name,
    path,
    status,
    // The header row is not an order or a product. (A product's text with a line break counts
    // twice: the benchmark's catalogue has none.)
    rows: Math.max(0, lines - 1),
    megabytes: megabytes(bytes),
    chunks,
    first_byte_ms: Math.round(firstByte),
    total_ms: Math.round(elapsed),
    memory: growth,
    max_growth_mb: growth.reduce((max, entry) => Math.max(max, entry.growth_mb), 0),
  };
}
