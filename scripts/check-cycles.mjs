// `npm run lint`: fails on an import cycle between a package's own modules. A cycle makes a module's value
// undefined while the other half of the loop is still being evaluated — an error that depends on which file is
// imported first. Imports that bring only types (`import type`, or every name marked `type`) vanish at run time
// and do not count; dynamic `import()` does not either (it runs after both modules are evaluated).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

const sourceRoots = ['contracts', 'api', 'web', 'e2e'].map((name) => path.join(root, 'packages', name, 'src'));
const extensions = ['.ts', '.tsx', '.mts', '.js', '.mjs'];

function* sourceFiles(folder) {
  for (const entry of readdirSync(folder)) {
    const full = path.join(folder, entry);
    if (statSync(full).isDirectory()) {
      if (entry !== 'node_modules') yield* sourceFiles(full);
    } else if (extensions.some((extension) => entry.endsWith(extension)) && !entry.endsWith('.d.ts')) {
      yield full;
    }
  }
}

/** The file a relative specifier names, as the bundler and tsx resolve it; null for a package. */
function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [
    base,
    ...extensions.map((extension) => base + extension),
    ...extensions.map((extension) => path.join(base, `index${extension}`)),
  ];
  if (/\.js$/.test(base)) candidates.push(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'));
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

const statement =
  /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm;

/** Whether an import or export brings only types: `import type …`, or braces whose every name is `type X`. */
function typeOnly(typeKeyword, clause) {
  if (typeKeyword) return true;
  const braces = clause.match(/^\{([\s\S]*)\}$/);
  if (!braces) return false;
  const names = braces[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

const edges = new Map();
for (const sourceRoot of sourceRoots) {
  if (!existsSync(sourceRoot)) continue;
  for (const file of sourceFiles(sourceRoot)) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set();
    for (const match of text.matchAll(statement)) {
      const [, , typeKeyword, clause, specifier, bare] = match;
      if (specifier && typeOnly(typeKeyword, clause.trim())) continue;
      const target = resolve(file, specifier ?? bare);
      if (target) targets.add(target);
    }
    edges.set(file, targets);
  }
}

// Tarjan's strongly connected components: every component of more than one module (or a module importing
// itself) is a cycle.
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
function connect(file) {
  index.set(file, counter);
  low.set(file, counter);
  counter++;
  stack.push(file);
  onStack.add(file);
  for (const target of edges.get(file) ?? []) {
    if (!edges.has(target)) continue;
    if (!index.has(target)) {
      connect(target);
      low.set(file, Math.min(low.get(file), low.get(target)));
    } else if (onStack.has(target)) {
      low.set(file, Math.min(low.get(file), index.get(target)));
    }
  }
  if (low.get(file) !== index.get(file)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== file);
  if (component.length > 1 || edges.get(file)?.has(file)) cycles.push(component);
}
for (const file of edges.keys()) if (!index.has(file)) connect(file);

if (cycles.length > 0) {
  console.error(`导入循环 ${cycles.length} 处（模块互相导入，求值顺序决定谁拿到 undefined）：`);
  for (const component of cycles) {
    console.error(`  ${component.map((file) => path.relative(root, file)).join('\n    ↔ ')}`);
  }
  process.exit(1);
}
console.log(`No import cycle among ${edges.size} modules.`);
