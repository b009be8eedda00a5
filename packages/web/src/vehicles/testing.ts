import { buttonKeys } from '@cp/contracts';
import type { ResourceRecord } from '../resource';
import { resetServer, serve } from '../resource/testing/fakeServer';
import { serveLookups } from '../resource/testing/lookups';
import { vehicleRow } from '../resource/testing/vehicleRow';

/** Every button of the catalogue, as the super-admin holds them. */
export const allButtons = buttonKeys;
export const vehicleMenus = ['vehicleList', 'vehicleInspected', 'inspectedVehicle', 'waitingOut', 'gpsList'];

/** A page of rows as a list endpoint answers it. */
export const pageOf =
  (rows: readonly ResourceRecord[]) =>
  ({ query }: { query: unknown }) => {
    const { page, limit } = query as { page: number; limit: number };
    return { list: rows, total: rows.length, totalExact: true, page, limit };
  };

/**
 * A fake API holding these vehicles: the list and every stage screen's view of it (the server keeps a
 * view to its fixed filters; here each answers the rows given), detail, history and the lookups.
 */
export function serveVehicles(rows: ResourceRecord[]): void {
  resetServer();
  serveLookups();
  serve('GET', '/api/vehicles', pageOf(rows));
  serve('GET', '/api/vehicles/views/:route', pageOf(rows));
  serve('GET', '/api/vehicles/:id', ({ params }: { params: Record<string, string> }) =>
    rows.find((row) => row.id === params.id),
  );
  serve('GET', '/api/vehicles/:id/history', []);
}

export const vehicle = (overrides: Partial<ResourceRecord> = {}) => vehicleRow(overrides);
