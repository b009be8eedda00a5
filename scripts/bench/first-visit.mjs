// First visit weight: the JS and CSS bytes a fresh Chromium profile transfers for /login, and for a list screen
// opened signed in. Bytes as sent (compressed bodies, `request.sizes().responseBodySize`), not time.
// BENCH_BASE_URL=http://127.0.0.1:PORT measures a server already running; otherwise one is started on PGlite
// with the demo (its first start writes the demo: minutes on a busy machine) serving packages/web/dist.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loginAs } from './scale-db.mjs';
import { root, startApi } from './server.mjs';

const browserArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const tokenCookie = 'vue_admin_template_token';

/** Every JS and CSS response of a page's visit, with its transferred (encoded) body size. */
function recordAssets(page) {
  const assets = [];
  const pending = [];
  page.on('requestfinished', (request) => {
    const { pathname } = new URL(request.url());
    const kind = /\.js$/.test(pathname) ? 'js' : /\.css$/.test(pathname) ? 'css' : undefined;
    if (!kind) return;
    pending.push(
      Promise.all([request.sizes(), request.response()]).then(([sizes, response]) => {
        assets.push({
          file: pathname,
          kind,
          bytes: sizes.responseBodySize,
          encoding: response?.headers()['content-encoding'] ?? 'identity',
        });
      }),
    );
  });
  return async () => {
    await Promise.all(pending);
    return assets;
  };
}

function summary(label, assets) {
  const sum = (kind) => assets.filter((asset) => !kind || asset.kind === kind).reduce((n, a) => n + a.bytes, 0);
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  const encodings = [...new Set(assets.map((asset) => asset.encoding))].join('/');
  return {
    visit: label,
    files: assets.length,
    'JS KB': kb(sum('js')),
    'CSS KB': kb(sum('css')),
    'total KB': kb(sum()),
    encoding: encodings,
  };
}

/** One visit in a context of its own (no cache, no cookies but `cookie`), until the network is quiet. */
async function visit(browser, base, { path: target, cookie, ready, afterwards }) {
  const context = await browser.newContext({ baseURL: base, locale: 'zh-CN' });
  try {
    if (cookie) await context.addCookies([{ ...cookie, url: base }]);
    const page = await context.newPage();
    const assets = recordAssets(page);
    await page.goto(target);
    await ready(page);
    if (afterwards) await afterwards(page);
    await page.waitForLoadState('networkidle');
    return await assets();
  } finally {
    await context.close();
  }
}

const loginForm = (page) => page.getByRole('button', { name: '登录' }).waitFor();
const listRows = (page) => page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 60_000 });

async function measureFirstVisit(base) {
  const { chromium } = await import('playwright-core');
  const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  const browser = await chromium.launch({ executablePath, args: browserArgs });
  try {
    const token = await loginAs(base);
    const login = await visit(browser, base, { path: '/login', ready: loginForm });
    const list = await visit(browser, base, {
      path: '/vehicleList',
      cookie: { name: tokenCookie, value: token },
      ready: listRows,
    });
    // Through the form as a person signs in, then to the list: what the whole first session transfers.
    const signedIn = await visit(browser, base, {
      path: '/login',
      ready: loginForm,
      afterwards: async (page) => {
        await page.getByPlaceholder('请输入登录账号').fill('admin');
        await page.getByPlaceholder('请输入密码').fill('admin123');
        await page.getByRole('button', { name: '登录' }).click();
        await page.waitForURL((url) => url.pathname !== '/login', { timeout: 60_000 });
        await page.goto('/vehicleList');
        await listRows(page);
      },
    });
    return { login, list, signedIn };
  } finally {
    await browser.close();
  }
}

export async function runFirstVisitBench() {
  const given = process.env.BENCH_BASE_URL?.replace(/\/$/, '');
  if (!given && !existsSync(path.join(root, 'packages/web/dist/index.html'))) {
    console.log('packages/web/dist 不存在：先运行 npm run build。');
    return;
  }
  const api = given ? undefined : await startApi({ env: { NODE_ENV: 'production' } });
  try {
    const { login, list, signedIn } = await measureFirstVisit(given ?? api.base);
    console.log('首次访问传输的 JS 与 CSS（Chromium 全新配置，压缩后的响应体字节）：');
    console.table([
      summary('/login', login),
      summary('/vehicleList（已登录，首次打开）', list),
      summary('/login → 登录 → /vehicleList', signedIn),
    ]);
    if (process.env.BENCH_VERBOSE === '1') {
      for (const [name, assets] of Object.entries({ login, list })) {
        console.log(name);
        console.table(assets.sort((a, b) => b.bytes - a.bytes));
      }
    }
  } finally {
    await api?.stop();
  }
}
