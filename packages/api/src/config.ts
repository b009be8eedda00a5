import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Folder of the built web app; served with history fallback when it exists. */
  webDist: string;
  session: { idleMinutes: number; absoluteHours: number };
  loginThrottle: { windowMinutes: number; maxPerAccount: number; maxPerAddress: number };
  bodyLimitBytes: number;
  logLevel: string;
  /** Trust X-Forwarded-For from a reverse proxy for the client address. */
  trustProxy: boolean;
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`环境变量 ${name} 必须是非负整数，当前为 "${raw}"`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    port: intFromEnv(env, 'PORT', 8080),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    webDist: path.resolve(env.WEB_DIST || new URL('../../web/dist', import.meta.url).pathname),
    session: {
      idleMinutes: intFromEnv(env, 'SESSION_IDLE_MINUTES', 120),
      absoluteHours: intFromEnv(env, 'SESSION_ABSOLUTE_HOURS', 12),
    },
    loginThrottle: {
      windowMinutes: intFromEnv(env, 'LOGIN_THROTTLE_MINUTES', 15),
      maxPerAccount: intFromEnv(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT', 5),
      maxPerAddress: intFromEnv(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', 30),
    },
    bodyLimitBytes: intFromEnv(env, 'BODY_LIMIT_BYTES', 1024 * 1024),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
  };
}
