import { fuelMaintenance, newEnergyMaintenance } from '@cp/contracts';
import { familyTable } from '../db/family-table';

/** 维保竞品 新能源: shops surveyed for electric cars and their price lists. */
export const newEnergyShops = familyTable('new_energy_shops', newEnergyMaintenance.shop);
export const newEnergyPrices = familyTable('new_energy_prices', newEnergyMaintenance.price);
/** 维保竞品 燃油车: shops surveyed for fuel cars and their price lists. */
export const fuelShops = familyTable('fuel_shops', fuelMaintenance.shop);
export const fuelPrices = familyTable('fuel_prices', fuelMaintenance.price);
