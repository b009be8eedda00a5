import { fuelMaintenance, newEnergyMaintenance } from '@cp/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { branchCities } from '../competitors/demo';
import { lockCompetitors, refuseSameNameInCity, refuseWhileReferred } from '../competitors/rules';
import type { Db } from '../db';
import { defineFeature } from '../feature';
import { businessError } from '../http/errors';
import { defineServerLookup } from '../lookups/registry';
import { cities } from '../lookups/tables';
import { defineServerResource } from '../resource/family';
import { seedEachBranch } from '../seed/branches';
import { fuelPrices, fuelShops, newEnergyPrices, newEnergyShops } from './tables';

type Maintenance = typeof newEnergyMaintenance;
type ShopTable = typeof newEnergyShops | typeof fuelShops;
type PriceTable = typeof newEnergyPrices | typeof fuelPrices;

/**
 * One energy type's shops and price lists: a shop is on its page once per name and city, a price is for a shop
 * of the page (read under the shop's lock, which deleting the shop takes too), a shop with prices stays.
 */
function maintenanceFamilies({ shop, price, screens }: Maintenance, shops: ShopTable, prices: PriceTable) {
  const shopFamily = defineServerResource({
    resource: shop,
    table: shops,
    screens: [screens.shops],
    async prepare(values, ctx, before) {
      await refuseSameNameInCity(ctx, shops, values, before, shop.title);
      return values;
    },
    async beforeRemove(row, ctx) {
      await lockCompetitors(ctx, `${shop.key}:${row.id}`);
      await refuseWhileReferred(ctx, Number(row.id), String(row.name), [
        { table: prices, column: prices.shopId, title: '保养价目' },
      ]);
    },
  });
  const priceFamily = defineServerResource({
    resource: price,
    table: prices,
    screens: [screens.prices],
    async prepare(values, ctx) {
      if (values.shopId == null) return values;
      await lockCompetitors(ctx, `${shop.key}:${values.shopId}`);
      const [found] = await ctx.tx
        .select({ id: shops.id })
        .from(shops)
        .where(and(eq(shops.tenantId, ctx.auth.tenantId), eq(shops.id, values.shopId)));
      if (!found) throw businessError('维保门店不存在或已删除');
      return values;
    },
  });
  defineServerLookup(`${shop.key}`, {
    all: (db, tenantId) =>
      db
        .select({ id: shops.id, name: sql<string>`${shops.name} || '（' || ${cities.name} || '）'` })
        .from(shops)
        .innerJoin(cities, eq(cities.id, shops.cityId))
        .where(eq(shops.tenantId, tenantId))
        .orderBy(asc(shops.name), asc(shops.id)),
  });
  return [shopFamily, priceFamily];
}

/** Shops per city: a brand 4S store, a chain and an independent garage; `brand` for the 4S store's name. */
const shopKinds = [
  { suffix: '4S店', shopType: 1, labourRate: 18_000, partnership: 2, warranty: '保养后3个月或5000公里' },
  { suffix: '安途养车中心', shopType: 2, labourRate: 12_000, partnership: 3, warranty: '配件质保1年或2万公里' },
  { suffix: '鑫诚汽修厂', shopType: 3, labourRate: 8_000, partnership: 1, warranty: '工时质保1个月' },
] as const;

/** Per model: [service item, price in fen, interval km, interval months] of the energy type's catalogue. */
const catalogues = {
  newEnergy: {
    brand: '比亚迪',
    brands: '比亚迪、广汽埃安、特斯拉',
    models: ['比亚迪秦PLUS EV', '广汽埃安S'],
    items: [
      [1, 26_000, 10_000, 12],
      [2, 19_900, 20_000, 12],
      [3, 42_000, 40_000, 24],
      [4, 35_000, 40_000, 24],
    ],
  },
  fuel: {
    brand: '一汽丰田',
    brands: '丰田、日产、大众',
    models: ['丰田卡罗拉', '日产轩逸'],
    items: [
      [1, 38_000, 5_000, 6],
      [3, 32_000, 5_000, 6],
      [4, 28_000, 20_000, 12],
      [5, 46_000, 40_000, 24],
    ],
  },
} as const;

/** Each city's three shops with the price of each catalogue item for two models, surveyed over the last weeks. */
async function seedMaintenance(db: Db, key: keyof typeof catalogues, shops: ShopTable, prices: PriceTable) {
  const catalogue = catalogues[key];
  await seedEachBranch(db, shops, async (branch) =>
    (await branchCities(branch)).flatMap((city, c) =>
      shopKinds.map((kind, k) => ({
        ...kind,
        name: `${city.short}${k === 0 ? catalogue.brand : ''}${kind.suffix}`,
        cityId: city.id,
        address: `${city.name}${['汽车城路', '建设大道', '工业园路'][k]}${18 + c * 6}号`,
        brands: catalogue.brands,
        surveyDate: branch.day(25 + c * 5 + k),
        source: k === 2 ? '电话询价' : '到店询价并拍照价目表',
        createdAt: branch.ago(24 + c * 5 + k),
      })),
    ),
  );
  await seedEachBranch(db, prices, async (branch) => {
    const saved = await branch.tx
      .select({ id: shops.id, shopType: shops.shopType })
      .from(shops)
      .where(eq(shops.tenantId, branch.tenantId));
    return saved.flatMap((shop, s) => {
      const type = Number(shop.shopType);
      return catalogue.models.flatMap((model, m) =>
        catalogue.items.map(([serviceItem, price, intervalKm, intervalMonths], i) => ({
          model,
          shopId: shop.id,
          serviceItem,
          // A 4S store asks the most, an independent garage the least; the second model a little more.
          price: Math.round((price * ([1.35, 1, 0.8][type - 1] ?? 1) * (1 + m * 0.06)) / 100) * 100,
          taxBasis: type === 3 ? 0 : 1,
          intervalKm,
          intervalMonths,
          surveyDate: branch.day(12 + s + i),
          source: type === 3 ? '电话询价' : '门店价目表',
          createdAt: branch.ago(10 + s + i),
        })),
      );
    });
  });
}

/** 维保竞品: 新能源 and 燃油车, each a page of shops with its /prices price list. */
export const feature = defineFeature({
  families: [
    ...maintenanceFamilies(newEnergyMaintenance, newEnergyShops, newEnergyPrices),
    ...maintenanceFamilies(fuelMaintenance, fuelShops, fuelPrices),
  ],
  demo: async (db) => {
    await seedMaintenance(db, 'newEnergy', newEnergyShops, newEnergyPrices);
    await seedMaintenance(db, 'fuel', fuelShops, fuelPrices);
  },
});
