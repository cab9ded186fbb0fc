#!/usr/bin/env node
// Prints the dependency graph between API modules (apps/api/src/modules/<area>/)
// and its strongly connected components (import cycles between modules).
//
// Usage:  node scripts/module-graph.mjs           # edges, then cycles
//         node scripts/module-graph.mjs --files   # also lists the importing files per edge
//         node scripts/module-graph.mjs --check   # only the cycles, if any (`npm run lint` runs it)
//
// Reads every apps/api/src/modules/**/*.ts except *.test.ts, takes the specifiers of
// `import ... from`, `import "..."`, `export ... from` and `import("...")` (value and
// type imports both count), resolves the relative ones, and maps each file to its
// module (the first folder under modules/). Exit code 1 when there is a cycle.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const modulesDir = join(root, "apps/api/src/modules");
const showFiles = process.argv.includes("--files");
const checkOnly = process.argv.includes("--check");

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full));
    else if (name.endsWith(".ts") && !name.endsWith(".test.ts") && !name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

const moduleOf = (file) => {
  const rel = relative(modulesDir, file);
  if (rel.startsWith("..")) return null;
  return rel.split(sep)[0];
};

const specifierRe =
  /(?:^|[^\w$.])(?:import|export)\s+(?:type\s+)?(?:[\w$*{}\s,]+?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

const edges = new Map(); // "a -> b" => Set(files)
const nodes = new Set();
for (const file of walk(modulesDir)) {
  const from = moduleOf(file);
  nodes.add(from);
  const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  for (const m of text.matchAll(specifierRe)) {
    const spec = m[1] ?? m[2];
    if (!spec.startsWith(".")) continue;
    const to = moduleOf(resolve(dirname(file), spec));
    if (!to || to === from) continue;
    const key = `${from} -> ${to}`;
    if (!edges.has(key)) edges.set(key, new Set());
    edges.get(key).add(relative(modulesDir, file));
  }
}

const adj = new Map([...nodes].map((n) => [n, []]));
for (const key of edges.keys()) {
  const [a, b] = key.split(" -> ");
  adj.get(a).push(b);
}

// Tarjan's strongly connected components.
let index = 0;
const idx = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const sccs = [];
function strong(v) {
  idx.set(v, index);
  low.set(v, index++);
  stack.push(v);
  onStack.add(v);
  for (const w of adj.get(v)) {
    if (!idx.has(w)) {
      strong(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const comp = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      comp.push(w);
    } while (w !== v);
    sccs.push(comp.sort());
  }
}
for (const n of [...nodes].sort()) if (!idx.has(n)) strong(n);

if (!checkOnly) console.log(`modules: ${nodes.size}, edges: ${edges.size}`);
for (const key of checkOnly ? [] : [...edges.keys()].sort()) {
  console.log(`  ${key}`);
  if (showFiles) for (const f of [...edges.get(key)].sort()) console.log(`      ${f}`);
}
const cycles = sccs.filter((c) => c.length > 1);
if (!checkOnly || cycles.length > 0) {
  console.log(`strongly connected components with more than one module: ${cycles.length}`);
}
for (const c of cycles) console.log(`  { ${c.join(", ")} }`);
process.exitCode = cycles.length ? 1 : 0;
