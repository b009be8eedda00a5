// `npm run features`: writes each package's list of feature folders, so adding a feature (a screen family and
// what belongs to it) edits nothing outside its own folders. A folder is a feature of a package when it holds
// the package's feature file:
//   packages/contracts/src/<feature>/index.ts (or resource.ts) → packages/contracts/src/features.generated.ts
//   packages/api/src/<feature>/feature.ts      → packages/api/src/features.generated.ts
//   packages/web/src/<feature>/families.ts(x)  → packages/web/src/features.generated.ts, with the route keys its
//                                                families give pages (read by evaluating the module under tsx)
//   packages/web/src/<feature>/feature.ts      → the same list, for pages that are not a family's
// `npm start` and `npm test` run it first; `npm run lint` runs it with --check and fails when a list is stale.
import { execFileSync } from 'node:child_process';
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

/**
 * The web's features: each folder's families module with the route keys it gives pages — the entry must route
 * them without loading the module, and the keys are named once, in the families' declarations — and each
 * folder's feature.ts for its other pages.
 */
function webFeatureList() {
  const web = path.join(root, 'packages/web');
  const source = path.join(web, 'src');
  const familyFiles = readdirSync(source, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      ['families.ts', 'families.tsx']
        .filter((file) => existsSync(path.join(source, entry.name, file)))
        .map((file) => ({ folder: entry.name, file: `src/${entry.name}/${file}` })),
    )
    .sort((a, b) => a.folder.localeCompare(b.folder));
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'scripts/family-keys.mjs'), ...familyFiles.map(({ file }) => file)],
    { cwd: web, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const keys = JSON.parse(output);
  const pages = featureFolders(source, 'feature.ts');
  const folders = [...new Set([...familyFiles.map(({ folder }) => folder), ...pages])].sort();
  const imports = pages.map((folder) => `import { feature as ${identifier(folder)} } from './${folder}/feature';`);
  const entries = folders.flatMap((folder) => {
    const families = familyFiles.find((entry) => entry.folder === folder);
    return [
      ...(families
        ? [
            `  { pages: familyPages(() => import('./${folder}/families'), ${JSON.stringify(keys[families.file]).replaceAll('"', "'").replaceAll(',', ', ')}) },`,
          ]
        : []),
      ...(pages.includes(folder) ? [`  ${identifier(folder)},`] : []),
    ];
  });
  return `${header}import type { Feature } from './app/defineFeature';
${imports.join('\n')}
import { familyPages } from './resource/registerFamilies';

/**
 * Every feature folder of the package, by folder name: the pages of its families (the route keys each
 * \`families\` module gives a page, read from it) and the pages of its feature.ts.
 */
export const features: readonly Feature[] = [
${entries.join('\n')}
];
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
  'packages/web/src/features.generated.ts': webFeatureList,
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
