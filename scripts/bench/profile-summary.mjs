// Summarises a V8 CPU profile (`node --cpu-prof`) of the API under load: self time by function and by
// package, and inclusive time of the functions that matter most, as percentages of the busy (non-idle)
// samples. Only samples from the first one inside `match` (default: the vehicle list) on are counted, so
// start-up (migrations, seeding, module loading) is left out.
//
//   node scripts/bench/profile-summary.mjs /tmp/prof/CPU.…cpuprofile [top=25] [match=listVehicles]
import { readFileSync } from 'node:fs';

const [file, topArg = '25', match = 'listVehicles'] = process.argv.slice(2);
if (!file) {
  console.error('usage: profile-summary.mjs FILE.cpuprofile [top] [function name that marks the load]');
  process.exit(2);
}
const top = Number(topArg);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

function where(url) {
  if (!url) return '';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const packages = url.indexOf('/packages/');
  if (packages >= 0) return url.slice(packages + '/packages/'.length).replace(/^(\w+)\/src\//, '$1:');
  if (url.startsWith('node:')) return 'node';
  return url.replace(/^file:\/\//, '');
}

const keyOf = (node) => {
  const frame = node.callFrame;
  const name = frame.functionName || '(anonymous)';
  const place = where(frame.url);
  return place ? `${name} ${place}:${frame.lineNumber + 1}` : name;
};
const packageOf = (node) => {
  const frame = node.callFrame;
  if (!frame.url) return frame.functionName || '(native)';
  const place = where(frame.url);
  return place.startsWith('api:') ? `api:${place.slice(4).split(':')[0]}` : place.split(':')[0];
};

const firstLoad = profile.samples.findIndex((id) => {
  for (let at = id; at !== undefined; at = parent.get(at)) {
    if (byId.get(at).callFrame.functionName === match) return true;
  }
  return false;
});
if (firstLoad < 0) throw new Error(`no sample inside ${match}`);

const self = new Map();
const inclusive = new Map();
const packages = new Map();
let busy = 0;
let idle = 0;
for (let i = firstLoad; i < profile.samples.length; i++) {
  const weight = profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0;
  const node = byId.get(profile.samples[i]);
  if (node.callFrame.functionName === '(idle)') {
    idle += weight;
    continue;
  }
  busy += weight;
  const key = keyOf(node);
  self.set(key, (self.get(key) ?? 0) + weight);
  const pkg = packageOf(node);
  packages.set(pkg, (packages.get(pkg) ?? 0) + weight);
  const seen = new Set();
  for (let at = node.id; at !== undefined; at = parent.get(at)) {
    const stackKey = keyOf(byId.get(at));
    if (seen.has(stackKey)) continue;
    seen.add(stackKey);
    inclusive.set(stackKey, (inclusive.get(stackKey) ?? 0) + weight);
  }
}

const pct = (value) => `${((100 * value) / busy).toFixed(1)}%`;
const table = (map, count) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, value]) => `${pct(value).padStart(6)}  ${name}`)
    .join('\n');

console.log(
  `${file}\nbusy ${(busy / 1000).toFixed(0)} ms, idle ${(idle / 1000).toFixed(0)} ms (from the first sample in ${match})`,
);
console.log(`\nself time by package or file:\n${table(packages, top)}`);
console.log(`\nself time by function:\n${table(self, top)}`);
const skip = /^\((root|program)\)|^(processTicksAndRejections|runMicrotasks|listOnTimeout|processTimers|emit)\b/;
const inclusiveRows = new Map([...inclusive].filter(([name]) => !skip.test(name)));
console.log(`\ninclusive time by function:\n${table(inclusiveRows, top * 2)}`);
