import { routesByKey } from '@cp/contracts/routes';
import { useMemo } from 'react';
import { useAccess } from '../auth/access';
import { detailLink, type WebFamily } from './family';
import { pageLink } from './routes';
import type { ResourceRecord } from './types';

/** Where a field of a row links (a reference's detail page), or undefined: shown as text. */
export type FieldLink = (name: string, record: ResourceRecord) => string | undefined;

/**
 * The links of a family's references (`refLinks`): to the referenced row's detail page, for a user who may
 * open it — a role without that page sees the name, never a link that would be refused.
 */
export function useRefLinks(family: WebFamily | undefined): FieldLink | undefined {
  const access = useAccess();
  return useMemo(() => {
    const targets = family?.refLinks?.();
    if (!targets) return undefined;
    return (name, record) => {
      const target = targets[name];
      const value = record[name];
      if (!target || value == null || value === '') return undefined;
      const to = typeof target === 'function' ? target(record) : target;
      if (to === undefined) return undefined;
      const detailKey = typeof to === 'string' ? to : to.routes?.detail;
      const detail = detailKey ? routesByKey.get(detailKey) : undefined;
      if (!detail || !access.canOpen(detail)) return undefined;
      return typeof to === 'string' ? pageLink(to, String(value)) : detailLink(to, String(value));
    };
  }, [family, access]);
}
