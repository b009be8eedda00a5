import { buttonKeys } from '@cp/contracts';
import { resetServer, serve } from '../resource/testing/fakeServer';
import { serveLookups } from '../resource/testing/lookups';
import { vehicleRow } from '../resource/testing/vehicleRow';
import type { Vehicle } from './api';

export { vehicleRow };

/** Every button of the catalogue, as the super-admin holds them. */
export const allButtons = buttonKeys;
export const vehicleMenus = ['vehicleList', 'vehicleInspected', 'inspectedVehicle', 'waitingOut', 'gpsList'];

/** A fake API holding these vehicles: list, detail, history and the lookups. */
export function serveVehicles(rows: Vehicle[]): void {
  resetServer();
  serveLookups();
  serve('GET', '/api/vehicles', ({ query }: { query: unknown }) => {
    const { page, limit } = query as { page: number; limit: number };
    return { list: rows, total: rows.length, totalExact: true, page, limit };
  });
  serve('GET', '/api/vehicles/:id', ({ params }: { params: Record<string, string> }) =>
    rows.find((row) => row.id === params.id),
  );
  serve('GET', '/api/vehicles/:id/history', []);
}

export const vehicle = (overrides: Partial<Vehicle> = {}) => vehicleRow(overrides) as Vehicle;
