import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What is worth compressing: text and the PDF viewer's binary tables; images and fonts are compressed already. */
const compressible = /\.(?:js|mjs|css|html|svg|json|txt|map|wasm|bcmap|pfb)$/i;
/** Below this a compressed copy saves less than the header it needs. */
const minBytes = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside each compressible file of a built folder, when they
 * are smaller; the server sends them to browsers that accept them. Answers the files compressed.
 */
export async function precompressFolder(dir: string): Promise<string[]> {
  const done: string[] = [];
  for (const file of await filesUnder(dir)) {
    if (!compressible.test(file) || (await stat(file)).size < minBytes) continue;
    const data = await readFile(file);
    const [br, gzipped] = await Promise.all([
      brotli(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      }),
      gz(data, { level: 9 }),
    ]);
    if (br.length < data.length) await writeFile(`${file}.br`, br);
    if (gzipped.length < data.length) await writeFile(`${file}.gz`, gzipped);
    done.push(path.relative(dir, file));
  }
  return done;
}

/** The build step: once the bundle is written, its compressed copies. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'cp-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressFolder(outDir);
    },
  };
}
