import { asc, eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import type { AppSender } from '../appApi/keys';
import { businessNow } from '../clock';
import type { Db } from '../db';
import { drivers } from '../drivers/tables';
import { tenants } from '../identity/tables';
import { type Branch, seedEachBranch } from '../seed/branches';
import { storeSeedFile } from '../seed/files';
import { safetyContentCities, safetyContentDrivers, safetyContents } from './tables';

const hour = 3_600_000;
type Rgb = [number, number, number];

/** A safety poster stand-in: the item's colour, a white band across and a warning triangle in it. */
function poster([r, g, b]: Rgb, width = 360, height = 480): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 4;
      const band = y > 160 && y < 320;
      const triangle = band && y > 180 && y < 300 && Math.abs(x - width / 2) < (y - 180) / 2;
      const [pr, pg, pb] = triangle ? [250, 204, 21] : band ? [255, 255, 255] : [r, g, b];
      png.data[at] = pr;
      png.data[at + 1] = pg;
      png.data[at + 2] = pb;
      png.data[at + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

interface DemoItem {
  title: string;
  colour: Rgb;
  pages: number;
  audience: 1 | 2 | 3;
  mandatory: boolean;
  /** The window, in days before today (a negative end: days to come). */
  from: number;
  to: number;
  listed: boolean;
  summary: string;
}

const items: DemoItem[] = [
  {
    title: '雨天行车安全要点',
    colour: [29, 78, 216],
    pages: 3,
    audience: 1,
    mandatory: true,
    from: 20,
    to: -10,
    listed: true,
    summary: '雨天降速、保持车距、涉水路段的判断与处置。',
  },
  {
    title: '夜间接单防疲劳提醒',
    colour: [67, 56, 202],
    pages: 2,
    audience: 2,
    mandatory: false,
    from: 12,
    to: -18,
    listed: true,
    summary: '连续驾驶4小时须休息20分钟，夜间接单的风险识别。',
  },
  {
    title: '出车前车辆检查清单',
    colour: [21, 128, 61],
    pages: 4,
    audience: 3,
    mandatory: true,
    from: 6,
    to: -24,
    listed: true,
    summary: '制动、轮胎、灯光、灭火器，出车前五分钟检查。',
  },
  {
    title: '国庆假期出行安全提示',
    colour: [185, 28, 28],
    pages: 2,
    audience: 1,
    mandatory: false,
    from: 62,
    to: 50,
    listed: false,
    summary: '假期客流高峰的接送站安全与防诈骗提示。',
  },
];

async function itemRows(branch: Branch, dataDir: string | undefined) {
  const rows = [];
  for (const [n, item] of items.entries()) {
    const store = (name: string, colour: Rgb) =>
      dataDir ? storeSeedFile(branch.tx, dataDir, branch.tenantId, name, poster(colour)) : undefined;
    const cover = await store(`${item.title}-封面.png`, item.colour);
    const media: string[] = [];
    for (let page = 1; page <= item.pages; page += 1) {
      const shade = item.colour.map((value) => Math.min(255, value + page * 18)) as Rgb;
      const stored = await store(`${item.title}-${page}.png`, shade);
      if (stored) media.push(stored);
    }
    rows.push({
      title: item.title,
      kind: 0,
      cover: cover ? [cover] : [],
      media,
      requiredRatio: 100,
      audience: item.audience,
      mandatory: item.mandatory,
      startDate: branch.day(item.from),
      endDate: branch.day(item.to),
      summary: item.summary,
      status: item.listed ? 0 : 1,
      createdAt: branch.ago(item.from + 2, n),
    });
  }
  return rows;
}

/**
 * 安全内容's demo: four poster series per branch company (one per audience, one past and 下架), then drivers
 * studying them in the app: each fetch and each report sent through the inbound API at past moments.
 */
export async function seedSafetyContents(
  db: Db,
  dataDir: string | undefined,
  app: (tenantId: number) => Promise<AppSender>,
) {
  const written = await seedEachBranch(db, safetyContents, (branch) => itemRows(branch, dataDir));
  if (written === 0) return;
  const now = businessNow().getTime();
  for (const tenant of await db.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id))) {
    const contents = await db
      .select({ id: safetyContents.id, title: safetyContents.title })
      .from(safetyContents)
      .where(eq(safetyContents.tenantId, tenant.id))
      .orderBy(asc(safetyContents.id));
    const driverRows = await db
      .select({ id: drivers.id, cityId: drivers.cityId })
      .from(drivers)
      .where(eq(drivers.tenantId, tenant.id))
      .orderBy(asc(drivers.id))
      .limit(8);
    const [first, second, third] = contents;
    const [lead] = driverRows;
    if (!first || !second || !third || !lead) continue;
    await db.transaction(async (tx) => {
      await tx.insert(safetyContentCities).values({ contentId: second.id, cityId: lead.cityId, tenantId: tenant.id });
      await tx
        .insert(safetyContentDrivers)
        .values(
          driverRows.slice(0, 5).map((driver) => ({ contentId: third.id, driverId: driver.id, tenantId: tenant.id })),
        );
    });
    const send = await app(tenant.id);
    for (const [n, driver] of driverRows.entries()) {
      if (n % 4 === 3) continue; // some drivers never open the app's study page
      const openedAt = now - (5 - (n % 5)) * 24 * hour - (n + 2) * hour;
      await send({ method: 'GET', url: '/api/app/safety-contents', driverId: driver.id, at: new Date(openedAt) });
      // Most look at the posters a minute later; the ones opened last only reached them so far.
      if (n % 3 === 2) continue;
      for (const [k, content] of [first, third].entries()) {
        if (k === 1 && n >= 5) continue;
        await send({
          method: 'POST',
          url: `/api/app/safety-contents/${content.id}/progress`,
          body: { position: 0, watchedDelta: 0 },
          driverId: driver.id,
          at: new Date(openedAt + (k + 1) * 60_000),
        });
      }
    }
  }
}
