// A back office's CSV export, for scripts/bench.mjs: --export, one GET /api/admin/orders/export
// over every order (from 2000-01-01 to tomorrow); --products-export, one GET
// /api/admin/products/export of every product. The file is read as fast as the socket gives it, while the server's
// resident memory is sampled every 20 ms from /proc (Linux): the process given by --server-pid
// and every process under it (a supervisor's workers). Reports the time to the first byte and
// to the end, the rows and megabytes received, and the memory before (idle) and at its peak.
// --products-import: the products export edited (every price up by 0.100 and every stock by 1)
// and sent back to POST /api/admin/products/import, first as a dry run, then applied (it changes
// every product: only against a benchmark database), each timed with the server's memory.

import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

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

const megabytes = (value) => Math.round((value / 1024 / 1024) * 10) / 10;

/**
 * Samples the resident memory of `serverPid` and the processes under it every 20 ms until stop(),
 * which answers each one's idle (at the start) and peak figures in MB.
 */
function memorySampler(serverPid) {
  const pids = serverPid === undefined ? [] : processTree(serverPid);
  const idle = snapshot(pids);
  const peak = new Map(idle);
  const sample = () => {
    for (const [pid, bytes] of snapshot(pids)) peak.set(pid, Math.max(peak.get(pid) ?? 0, bytes));
  };
  const sampler = setInterval(sample, 20);
  return {
    stop() {
      clearInterval(sampler);
      sample();
      return pids.map((pid) => ({
        pid,
        idle_mb: megabytes(idle.get(pid) ?? 0),
        peak_mb: megabytes(peak.get(pid) ?? 0),
        growth_mb: megabytes((peak.get(pid) ?? 0) - (idle.get(pid) ?? 0)),
      }));
    },
  };
}

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
  const memory = memorySampler(serverPid);
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
  const growth = memory.stop();
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

/** One POST of the file to the import; answers its status, time, summary and the server's memory. */
async function postImport(base, headers, serverPid, file, dryRun) {
  const form = new FormData();
  form.append('file', new Blob([file], { type: 'text/csv' }), 'bench-products.csv');
  const memory = memorySampler(serverPid);
  const started = performance.now();
  const response = await fetch(new URL(`/api/admin/products/import${dryRun ? '?dry_run=true' : ''}`, base), {
    method: 'POST',
    headers,
    body: form,
  });
  const body = await response.json().catch(() => null);
  const elapsed = performance.now() - started;
  const growth = memory.stop();
  return {
    name: dryRun ? 'products: import dry run' : 'products: import applied',
    status: response.status,
    total_ms: Math.round(elapsed),
    summary: body?.summary ?? null,
    message: body?.success === false ? (body.details?.[0]?.message ?? body.message) : undefined,
    memory: growth,
    max_growth_mb: growth.reduce((max, entry) => Math.max(max, entry.growth_mb), 0),
  };
}

/**
 * The products import of the whole catalogue (`npm run bench:data`'s 10,000 products): the
 * export, every price up by 0.100 and every stock by 1, sent as a dry run, then applied.
 */
export async function benchProductsImport({ base, headers, serverPid }) {
  const exported = await fetch(new URL('/api/admin/products/export', base), { headers });
  if (exported.status !== 200) throw new Error(`export answered ${exported.status}`);
  const rows = parse(await exported.text(), { bom: true, columns: true });
  const columns = Object.keys(rows[0] ?? {});
  for (const row of rows) {
    row.price = (Number(row.price) + 0.1).toFixed(3);
    row.stock_quantity = String(Number(row.stock_quantity) + 1);
  }
  const file = `\uFEFF${stringify(rows.map((row) => columns.map((column) => row[column])), { header: true, columns, record_delimiter: 'windows' })}`;
  const bytes = Buffer.byteLength(file);
  const dry = await postImport(base, headers, serverPid, file, true);
  const applied = await postImport(base, headers, serverPid, file, false);
  return [dry, applied].map((result) => ({ ...result, rows: rows.length, megabytes: megabytes(bytes) }));
}
