import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where file bytes live. Keys are the `fileLocation`s of the files table. The local implementation keeps
 * them under DATA_DIR/files; an S3-compatible store implements the same four calls.
 */
export interface FileStorage {
  /** Takes a finished local file (in `stagingDir`) into the store under `key`; the local file is gone after. */
  putFile(key: string, localPath: string): Promise<void>;
  /** The bytes of `key`, or of the inclusive range `start`…`end`. */
  read(key: string, range?: { start: number; end: number }): Promise<NodeJS.ReadableStream>;
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  /** A local folder for uploads and exports being written; nothing in it is a stored file. */
  readonly stagingDir: string;
}

const validKey = /^[a-z0-9][a-z0-9/_.-]*$/i;

export class LocalFileStorage implements FileStorage {
  readonly root: string;
  readonly stagingDir: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'files');
    this.stagingDir = path.join(this.root, '.staging');
  }

  private pathOf(key: string): string {
    if (!validKey.test(key) || key.split('/').some((part) => part === '..' || part === '' || part.startsWith('.'))) {
      throw new Error(`invalid storage key ${key}`);
    }
    return path.join(this.root, key);
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(localPath, target);
  }

  async read(key: string, range?: { start: number; end: number }): Promise<ReadStream> {
    const stream = createReadStream(this.pathOf(key), range);
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    });
    return stream;
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** The names of the files in the staging folder. */
  stagedNames(): Promise<string[]> {
    return readdir(this.stagingDir).catch(() => []);
  }

  async removeStaged(name: string): Promise<void> {
    if (name.includes('/') || name.includes('\\') || name.startsWith('.'))
      throw new Error(`invalid staged name ${name}`);
    await rm(path.join(this.stagingDir, name), { force: true });
  }

  /**
   * Removes staged files older than `maxAgeMs`, left by a process that stopped mid-upload; `owned` names the
   * files someone else accounts for (a job's, removed as soon as their attempt is known dead).
   */
  async sweepStaging(maxAgeMs: number, owned: (name: string) => boolean = () => false): Promise<number> {
    let removed = 0;
    for (const name of await this.stagedNames()) {
      if (owned(name)) continue;
      const file = path.join(this.stagingDir, name);
      const info = await stat(file).catch(() => null);
      if (info && Date.now() - info.mtimeMs > maxAgeMs) {
        await unlink(file).catch(() => {});
        removed += 1;
      }
    }
    return removed;
  }
}

const storages = new Map<string, LocalFileStorage>();

/** The storage of a data folder. */
export function storageFor(dataDir: string): LocalFileStorage {
  let storage = storages.get(dataDir);
  if (!storage) {
    storage = new LocalFileStorage(dataDir);
    storages.set(dataDir, storage);
  }
  return storage;
}
