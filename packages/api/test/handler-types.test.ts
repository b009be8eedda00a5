import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const sourceDir = path.resolve(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** `request.body as X`, `(request.query as X)`, `(request.body ?? {}) as X`. */
const cast = /\brequest\.(?:body|query|params)\b(?:\s*\?\?\s*[^)\n]*)?\)?\s+as\s/;

describe('route handlers', () => {
  it('read request parts as their schemas type them, never through a cast', () => {
    const casts = sourceFiles(sourceDir).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          cast.test(line) ? [`${path.relative(sourceDir, file)}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(casts).toEqual([]);
  });

  it('the check finds the casts it is meant to refuse', () => {
    for (const line of [
      'const body = request.body as RoleInput;',
      'ok(await list({ ...(request.query as ListQuery) }))',
      'const { id } = request.params as { id: string };',
      'takeAction(db, (request.body ?? {}) as Row)',
    ]) {
      expect(cast.test(line), line).toBe(true);
    }
    expect(cast.test('const body = request.body;')).toBe(false);
  });
});
