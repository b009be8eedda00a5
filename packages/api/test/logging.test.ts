import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import { redactUrl } from '../src/http/redact';
import { seedPlatform } from '../src/seed/platform';
import { type FreshDatabase, freshDatabase } from './harness';

let fresh: FreshDatabase;
let app: FastifyInstance;
let dataDir: string;
const lines: string[] = [];

beforeAll(async () => {
  fresh = await freshDatabase();
  await migrate(fresh.database);
  await seedPlatform(fresh.database.db);
  dataDir = mkdtempSync(path.join(tmpdir(), 'cp-log-'));
  const base = loadConfig({});
  const config = { ...base, dataDir, webDist: '/nonexistent', logLevel: 'info', jobs: { ...base.jobs, worker: false } };
  app = await buildApp({ config, database: fresh.database, logStream: { write: (line) => void lines.push(line) } });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await fresh.database.close();
  await fresh.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the access log', () => {
  it('never writes a token, an authorization code or a signed link grant', async () => {
    const secrets = ['SeCrEtToKeN1', 'AuThCoDe2', 'SiGnEdGrAnT3', 'PaSsWoRd4'];
    await app.inject({ method: 'GET', url: `/api/lookups/cities?token=${secrets[0]}&keyword=x` });
    await app.inject({ method: 'GET', url: `/login?code=${secrets[1]}&state=ok` });
    await app.inject({ method: 'GET', url: `/api/files/signed/${secrets[2]}/合同.pdf` });
    await app.inject({ method: 'GET', url: `/api/user/info?Token=${secrets[0]}&%70assword=${secrets[3]}` });
    const log = lines.join('');
    expect(log).toContain('/api/lookups/cities?token=***&keyword=x');
    expect(log).toContain('/api/files/signed/***/');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });

  it('keeps what is not secret, malformed query names included', () => {
    expect(redactUrl('/api/vehicles?plateNo=%E4%BA%ACA&page=2')).toBe('/api/vehicles?plateNo=%E4%BA%ACA&page=2');
    expect(redactUrl('/x?%E0%A4%A=1&token')).toBe('/x?%E0%A4%A=1&token');
    expect(redactUrl('/api/files/signed/abc')).toBe('/api/files/signed/***');
  });
});
