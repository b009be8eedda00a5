import { and, asc, eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { channels } from '../channels/tables';
import type { Db } from '../db';
import { accounts, tenants, users } from '../identity/tables';
import { newQrCode, signUpUrlOf } from '../qrCodes/family';
import { qrCodes, qrTemplates } from '../qrCodes/tables';
import { storeSeedFile } from './files';

const day = 86_400_000;
const [width, height] = [750, 1334];

const drawn = new Map<string, Buffer>();

/** A poster background: a vertical gradient between two colours, a light panel where the QR code goes. */
function background(top: [number, number, number], bottom: [number, number, number]): Buffer {
  const key = `${top}-${bottom}`;
  const known = drawn.get(key);
  if (known) return known;
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y += 1) {
    const t = y / height;
    const colour = top.map((c, i) => Math.round(c + ((bottom[i] ?? c) - c) * t));
    const panel = y >= 860 && y < 1240;
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 4;
      const inPanel = panel && x >= 175 && x < 575;
      png.data[at] = inPanel ? 255 : (colour[0] ?? 0);
      png.data[at + 1] = inPanel ? 250 : (colour[1] ?? 0);
      png.data[at + 2] = inPanel ? 240 : (colour[2] ?? 0);
      png.data[at + 3] = 255;
    }
  }
  const bytes = PNG.sync.write(png);
  drawn.set(key, bytes);
  return bytes;
}

type Theme = [name: string, status: number, top: [number, number, number], bottom: [number, number, number]];

const themes: Theme[] = [
  ['春季司机招募海报', 2, [250, 140, 22], [212, 56, 13]],
  ['司机之家门店海报', 2, [22, 119, 255], [9, 88, 217]],
  ['春节高铁站地推海报', 3, [207, 19, 34], [130, 0, 20]],
  ['老司机推荐有礼海报', 1, [82, 196, 26], [56, 158, 13]],
  ['五一活动海报', 0, [114, 46, 209], [57, 16, 133]],
];

/**
 * Poster templates in every state and QR codes with scans and sign-ups, in each branch company that has
 * none yet. Backgrounds are drawn now and stored as uploads when the data folder is known.
 */
export async function seedDemoQrCodes(db: Db, dataDir: string | undefined, signUpBaseUrl: string): Promise<void> {
  const now = Date.now();
  for (const [index, tenant] of (await db.select().from(tenants).orderBy(asc(tenants.id))).entries()) {
    const [existing] = await db
      .select({ id: qrTemplates.id })
      .from(qrTemplates)
      .where(eq(qrTemplates.tenantId, tenant.id));
    if (existing) continue;
    const staff = await db
      .select({ id: users.id, name: users.userName })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(and(eq(accounts.tenantId, tenant.id), eq(accounts.status, 1)))
      .orderBy(asc(users.id));
    const tenantChannels = await db
      .select({ id: channels.id, name: channels.name })
      .from(channels)
      .where(eq(channels.tenantId, tenant.id))
      .orderBy(asc(channels.id));
    if (staff.length === 0 || tenantChannels.length === 0) continue;
    const templateIds: { id: number; status: number }[] = [];
    for (const [n, [name, status, top, bottom]] of themes.entries()) {
      const location = dataDir
        ? await storeSeedFile(db, dataDir, tenant.id, `${name}背景.png`, background(top, bottom))
        : null;
      const createdAt = new Date(now - (170 - n * 25 - index * 4) * day);
      const [row] = await db
        .insert(qrTemplates)
        .values({
          tenantId: tenant.id,
          name,
          background: location ? [location] : [],
          backgroundWidth: location ? width : null,
          backgroundHeight: location ? height : null,
          qrX: 225,
          qrY: 910,
          qrSize: 300,
          caption: n === 1 ? '到店扫码，了解网约车租赁方案' : '扫码报名，首月租金立减500元',
          captionX: 90,
          captionY: 760,
          captionSize: 40,
          captionColor: '#FFFFFF',
          status,
          submittedBy: status > 0 ? (staff[1] ?? staff[0])?.id : null,
          remark: status === 3 ? '春节活动结束后停用' : null,
          createdBy: staff[0]?.id,
          updatedBy: staff[0]?.id,
          createdAt,
          updatedAt: new Date(createdAt.getTime() + 3 * day),
        })
        .returning({ id: qrTemplates.id });
      if (row) templateIds.push({ id: row.id, status });
    }
    // Codes on the enabled templates, and one left on the stopped one (it still counts its scans).
    const usable = templateIds.filter((template) => template.status === 2 || template.status === 3);
    const codes = Array.from({ length: 9 }, (_, n) => {
      const channel = tenantChannels[n % Math.min(tenantChannels.length, 5)];
      const salesperson = staff[n % staff.length];
      const template = usable[n % usable.length];
      const createdAt = new Date(now - (140 - n * 14 - index * 3) * day);
      const scans = Math.round(((n * 37 + 11) % 90) * (1 + (n % 3)) + 6);
      const code = newQrCode();
      return {
        tenantId: tenant.id,
        name: `${channel?.name ?? '渠道'}-${salesperson?.name ?? ''}`.slice(0, 30),
        code,
        channelId: Number(channel?.id),
        salespersonId: Number(salesperson?.id),
        templateId: Number(template?.id),
        signUpUrl: signUpUrlOf(signUpBaseUrl, code),
        scanCount: scans,
        signUpCount: Math.round(scans * (0.08 + (n % 4) * 0.04)),
        lastScannedAt: new Date(now - ((n * 5) % 20) * day - 3_600_000),
        createdBy: staff[0]?.id,
        updatedBy: staff[0]?.id,
        createdAt,
        updatedAt: createdAt,
      };
    });
    await db.insert(qrCodes).values(codes);
  }
}
