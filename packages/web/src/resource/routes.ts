import { routesByKey } from '@cp/contracts/routes';

/**
 * The address of a catalogue page for a row: `/vehicleDetail?id=7`, or `/retailOrderEdit/7` where the
 * route takes the id in its path.
 */
export function pageLink(routeKey: string, id?: string): string {
  const route = routesByKey.get(routeKey);
  if (!route) throw new Error(`no route ${routeKey}`);
  if (id === undefined) return route.path;
  if (route.params.includes('id')) return route.path.replace(':id', encodeURIComponent(id));
  return `${route.path}?id=${encodeURIComponent(id)}`;
}
