import { isIP } from 'node:net';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Folder of the built web app; served with history fallback when it exists. */
  webDist: string;
  /** `cacheSeconds`: how long a process may answer a session and its role keys from memory (revocations reach it at once). */
  session: { idleMinutes: number; absoluteHours: number; cacheSeconds: number };
  loginThrottle: {
    windowMinutes: number;
    /** Failures for one account from one address. */
    maxPerAccount: number;
    /** Failures from one address over all accounts. */
    maxPerAddress: number;
    /** Failures for one account from all addresses (an address it logged in from lately is not held back). */
    maxPerAccountTotal: number;
  };
  bodyLimitBytes: number;
  logLevel: string;
  /**
   * Which reverse proxies' X-Forwarded-For is believed (Fastify's `trustProxy`): false (none — the socket's address),
   * a hop count (the address the outermost trusted proxy appended), or a list of proxy addresses / CIDR ranges.
   * Never `true`: that believes the entry the client wrote itself.
   */
  trustProxy: false | number | string[];
  files: FilesConfig;
  jobs: JobsConfig;
  exports: ExportsConfig;
  /** The Markdown user manual the product document PDF is generated from. */
  userManualPath: string;
  qrCodes: QrCodesConfig;
  appApi: AppApiConfig;
  firstStart: FirstStartConfig;
}

/** What the first start on an empty database writes (later starts write no demo data either way). */
export interface FirstStartConfig {
  /** The demo (DEMO_DATA, default on); off: one branch company, the administrator and the approvers' roles. */
  demoData: boolean;
  /** The administrator's password of a first start without demo data (ADMIN_PASSWORD; change it after). */
  adminPassword: string;
}

export interface QrCodesConfig {
  /**
   * Where the public sign-up page lives: a QR code encodes `<base>/signup?c=<code>`. Only written into the
   * codes; the console never calls it.
   */
  signUpBaseUrl: string;
  /** Scans one address may report per minute; more are refused and not counted. */
  scansPerMinute: number;
}

/** The drivers' app's inbound API (`/api/app/…`, `appApi/`): its limits, counted per process. */
export interface AppApiConfig {
  /** Requests one driver's identity may make in a minute (APP_RATE_PER_DRIVER). */
  perDriverPerMinute: number;
  /** Requests from one address in a minute (APP_RATE_PER_ADDRESS): the app's backend sends for all its drivers. */
  perAddressPerMinute: number;
  /** Refused credentials from one address in a minute before it is refused outright (APP_FAILURES_PER_ADDRESS). */
  failuresPerAddressPerMinute: number;
  /** How far `X-App-Timestamp` may be from the server's clock, in seconds; nonces are kept twice as long. */
  clockSkewSeconds: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export interface FilesConfig {
  /** Largest accepted upload, in MB (SPEC §5: 500). */
  maxFileMb: number;
  /**
   * Largest public file, in MB (10): public files are product images and app content served to anyone for
   * good, never bulk data.
   */
  publicMaxFileMb: number;
  /** Most files in one upload request (SPEC §5: 5). */
  maxFiles: number;
  /** Accepted extensions, lower case without the dot. */
  allowedExtensions: string[];
  /** How long a signed temporary file URL stays valid. */
  urlTtlSeconds: number;
}

export interface JobsConfig {
  /** Run the background worker in this process (JOB_WORKER=0 leaves the jobs to other processes). */
  worker: boolean;
  pollMs: number;
  /**
   * A running job's claim lasts this long unless its worker renews it (three times per lease): a job whose
   * process was killed is seen as such, and taken over by a live one, this long after its last renewal.
   */
  leaseSeconds: number;
  concurrency: number;
}

export interface ExportsConfig {
  /** Finished export files are removed after this many days. */
  retentionDays: number;
  /** Rows read from the database per query. */
  batchSize: number;
}

export const defaultUploadExtensions =
  'png jpg jpeg gif webp bmp pdf xlsx xls docx doc pptx ppt csv txt zip rar 7z mp4 mov'.split(' ');

function listFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: string[]): string[] {
  const raw = env[name];
  if (!raw) return fallback;
  return raw
    .split(',')
    .map((item) => item.trim().replace(/^\./, '').toLowerCase())
    .filter(Boolean);
}

/**
 * TRUST_PROXY: empty or 0 — no proxy; a number n — n proxies in front, the client is the address the n-th one
 * appended (counting from this server); otherwise a comma-separated list of proxy addresses or CIDR ranges
 * (`10.0.0.0/8, 192.168.1.5`, or `loopback`) — the client is the rightmost address not in it. `true` is refused: it would take
 * the leftmost X-Forwarded-For entry, which any client writes, and let it choose its own login throttle bucket.
 */
export function trustProxyFromEnv(raw: string | undefined): false | number | string[] {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0' || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (value === 'true' || value === '*') {
    throw new Error(
      `环境变量 TRUST_PROXY 不能为 "${value}"：那会相信客户端自己写的 X-Forwarded-For。请写反向代理的层数（如 1），或代理的地址列表（如 10.0.0.0/8,192.168.1.5）`,
    );
  }
  const addresses = value.split(',').map((item) => item.trim());
  const invalid = addresses.filter((item) => !isAddressOrRange(item));
  if (invalid.length > 0) {
    throw new Error(
      `环境变量 TRUST_PROXY 中的 "${invalid.join('", "')}" 不是 IP 地址或网段；请写代理层数（如 1），或代理的地址列表（如 10.0.0.0/8,192.168.1.5）`,
    );
  }
  return addresses;
}

/**
 * Fastify's `trustProxy` for the configured value. Fastify refuses to honour a bare hop count (it cannot tell the
 * proxy from a direct caller), so a count is given as a function trusting that many hops from this server: the
 * client is then the address the outermost of them appended. It is for a server reachable only through its
 * proxies; the address list is the safer setting where a direct caller could reach it.
 */
export function trustProxyOption(
  trust: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  if (trust === 0) return false;
  return (_address, hop) => hop < trust;
}

/** proxy-addr's named ranges are accepted too. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(item: string): boolean {
  if (namedRanges.has(item)) return true;
  const [address, prefix, ...rest] = item.split('/');
  if (rest.length > 0 || address === undefined || isIP(address) === 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (isIP(address) === 4 ? 32 : 128);
}

function positiveFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = intFromEnv(env, name, fallback);
  if (value < 1) throw new Error(`环境变量 ${name} 必须是正整数，当前为 "${env[name]}"`);
  return value;
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
      cacheSeconds: intFromEnv(env, 'SESSION_CACHE_SECONDS', 10),
    },
    loginThrottle: {
      windowMinutes: intFromEnv(env, 'LOGIN_THROTTLE_MINUTES', 15),
      maxPerAccount: intFromEnv(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT', 5),
      maxPerAddress: intFromEnv(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', 30),
      maxPerAccountTotal: intFromEnv(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT_TOTAL', 20),
    },
    bodyLimitBytes: intFromEnv(env, 'BODY_LIMIT_BYTES', 1024 * 1024),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    files: {
      maxFileMb: positiveFromEnv(env, 'UPLOAD_MAX_MB', 500),
      publicMaxFileMb: positiveFromEnv(env, 'PUBLIC_UPLOAD_MAX_MB', 10),
      maxFiles: positiveFromEnv(env, 'UPLOAD_MAX_FILES', 5),
      allowedExtensions: listFromEnv(env, 'UPLOAD_EXTENSIONS', defaultUploadExtensions),
      urlTtlSeconds: positiveFromEnv(env, 'FILE_URL_TTL_SECONDS', 600),
    },
    jobs: {
      worker: env.JOB_WORKER !== '0' && env.JOB_WORKER !== 'false',
      pollMs: positiveFromEnv(env, 'JOB_POLL_MS', 1000),
      leaseSeconds: positiveFromEnv(env, 'JOB_LEASE_SECONDS', 10),
      concurrency: positiveFromEnv(env, 'JOB_CONCURRENCY', 1),
    },
    exports: {
      retentionDays: positiveFromEnv(env, 'EXPORT_RETENTION_DAYS', 7),
      batchSize: positiveFromEnv(env, 'EXPORT_BATCH_SIZE', 500),
    },
    qrCodes: {
      signUpBaseUrl: (env.SIGNUP_BASE_URL || 'https://signup.example.com').replace(/\/+$/, ''),
      scansPerMinute: positiveFromEnv(env, 'QR_SCANS_PER_MINUTE', 30),
    },
    appApi: {
      perDriverPerMinute: positiveFromEnv(env, 'APP_RATE_PER_DRIVER', 120),
      perAddressPerMinute: positiveFromEnv(env, 'APP_RATE_PER_ADDRESS', 30_000),
      failuresPerAddressPerMinute: positiveFromEnv(env, 'APP_FAILURES_PER_ADDRESS', 30),
      clockSkewSeconds: positiveFromEnv(env, 'APP_CLOCK_SKEW_SECONDS', 300),
    },
    firstStart: {
      demoData: env.DEMO_DATA !== '0' && env.DEMO_DATA !== 'false',
      adminPassword: env.ADMIN_PASSWORD || 'admin123',
    },
    userManualPath: path.resolve(
      env.USER_MANUAL_PATH || new URL('../../../docs/USER_MANUAL.md', import.meta.url).pathname,
    ),
  };
}
