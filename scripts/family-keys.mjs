// Run by scripts/features.mjs under tsx, from packages/web: prints the route keys each feature folder's
// families module gives a page (its `keys`), as JSON by folder. The modules are only evaluated, not rendered.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const keys = {};
for (const file of process.argv.slice(2)) {
  const module = await import(pathToFileURL(path.resolve(file)).href);
  if (!Array.isArray(module.keys)) throw new Error(`${file} does not export the keys of its families (familyModule)`);
  keys[file] = module.keys;
}
process.stdout.write(JSON.stringify(keys));
