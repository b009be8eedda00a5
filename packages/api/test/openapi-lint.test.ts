import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './harness';

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

const require = createRequire(import.meta.url);
const cli = require.resolve('@redocly/cli/bin/cli.js');
const config = path.resolve(import.meta.dirname, '../redocly.yaml');

let ctx: TestContext;
let folder: string;
beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 12 });
  folder = mkdtempSync(path.join(tmpdir(), 'cp-openapi-'));
});
afterAll(async () => {
  await ctx.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Redocly CLI's findings on the served document, run offline: no telemetry, no update check. */
async function lint(): Promise<Problem[]> {
  const document = path.join(folder, 'openapi.json');
  writeFileSync(document, (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).body);
  const run = promisify(execFile)(
    process.execPath,
    [cli, 'lint', document, '--config', config, '--format', 'json', '--max-problems', '10000'],
    {
      env: { PATH: process.env.PATH, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  // A document with errors ends the run with exit code 1: its findings are on stdout all the same.
  const { stdout } = await run.catch((failed: { stdout?: string }) => ({ stdout: failed.stdout ?? '' }));
  return (JSON.parse(stdout) as { problems: Problem[] }).problems;
}

const summary = (problems: Problem[]) =>
  problems.map(
    (problem) => `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`,
  );

describe("the OpenAPI document under Redocly's recommended rules", () => {
  it('has no error and no warning: every operation has an operationId and its 4xx answer', async () => {
    const problems = await lint();
    expect(summary(problems)).toEqual([]);
  });
});
