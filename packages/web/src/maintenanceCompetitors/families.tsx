import { fuelMaintenance, newEnergyMaintenance } from '@cp/contracts';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';

/** One energy type's shops, each shop's detail listing its prices, and the /prices list of them all. */
function maintenanceFamilies({ shop, price, screens }: typeof newEnergyMaintenance) {
  const priceFamily = defineFamily({ resource: price, screens: { [screens.prices.key]: screens.prices } });
  const shopFamily = defineFamily({
    resource: shop,
    screens: { [screens.shops.key]: screens.shops },
    related: () => [{ family: priceFamily, screen: screens.prices.key, via: 'shopId' }],
  });
  return [shopFamily, priceFamily];
}

export const { families, keys, page, prefetch } = familyModule([
  ...maintenanceFamilies(newEnergyMaintenance),
  ...maintenanceFamilies(fuelMaintenance),
]);
