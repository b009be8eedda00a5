// `npm run features`: writes each package's list of feature folders, so adding a feature (a screen family and
// what belongs to it) edits nothing outside its own folders. A folder is a feature of a package when it holds
// the package's feature file:
//   packages/contracts/src/<feature>/index.ts (or resource.ts) → packages/contracts/src/features.generated.ts
//   packages/api/src/<feature>/feature.ts      → packages/api/src/features.generated.ts
//   packages/web/src/<feature>/feature.ts      → packages/web/src/features.generated.ts
// `npm start` and `npm test` run it first; `npm run lint` runs it with --check and fails when a list is stale.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const header =
  '// Written by scripts/features.mjs (`npm run features`) from the folders holding a feature file: do not edit.\n';

/** Contracts folders that are the kit and the catalogue, exported by src/index.ts by hand. */
const contractsKit = new Set(['resource', 'routes']);

function featureFolders(source, file, skip = new Set()) {
  return readdirSync(source, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !skip.has(entry.name) && existsSync(path.join(source, entry.name, file)))
    .map((entry) => entry.name)
    .sort();
}

/** `orders` → `orders`, `prize-draws` → `prizeDraws`: an identifier for the folder's feature object. */
const identifier = (folder) => folder.replace(/[^a-zA-Z0-9]+(.)/g, (_, next) => next.toUpperCase());

function featureList(pkg, typeImport) {
  const source = path.join(root, 'packages', pkg, 'src');
  const folders = featureFolders(source, 'feature.ts');
  const imports = folders.map((folder) => `import { feature as ${identifier(folder)} } from './${folder}/feature';`);
  return `${header}${[typeImport, ...imports].join('\n')}

/** Every feature folder of the package, by folder name. */
export const features: readonly Feature[] = [${folders.map(identifier).join(', ')}];
`;
}

const outputs = {
  'packages/contracts/src/features.generated.ts': () => {
    // A folder's index.ts, or its resource.ts when that is all it has.
    const source = path.join(root, 'packages/contracts/src');
    const folders = [
      ...featureFolders(source, 'index.ts', contractsKit),
      ...featureFolders(source, 'resource.ts', contractsKit)
        .filter((folder) => !existsSync(path.join(source, folder, 'index.ts')))
        .map((folder) => `${folder}/resource`),
    ].sort();
    return `${header}${folders.map((folder) => `export * from './${folder}';`).join('\n')}\n`;
  },
  'packages/api/src/features.generated.ts': () => featureList('api', "import type { Feature } from './feature';"),
  'packages/web/src/features.generated.ts': () =>
    featureList('web', "import type { Feature } from './app/defineFeature';"),
};

const check = process.argv.includes('--check');
const stale = [];
for (const [file, make] of Object.entries(outputs)) {
  const full = path.join(root, file);
  const text = make();
  const current = existsSync(full) ? readFileSync(full, 'utf8') : null;
  if (current === text) continue;
  if (check) stale.push(file);
  else writeFileSync(full, text);
}
if (stale.length > 0) {
  console.error(`过期的功能清单（运行 npm run features）：\n  ${stale.join('\n  ')}`);
  process.exit(1);
}
