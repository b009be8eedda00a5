import { buttonKeys, canOpenRoute, type RouteDef } from '@cp/contracts/routes';
import { type ReactNode, useMemo } from 'react';
import { useSession } from './session';

export interface Access {
  /** Whether the user holds this button key (`roleManagement:add`…). */
  hasButton(key: string): boolean;
  canOpen(route: RouteDef): boolean;
}

const catalogueButtons: ReadonlySet<string> = new Set(buttonKeys);

/**
 * Whether the route catalogue knows a button key. An unknown key is a typo or a button no role can be
 * granted: in development and tests it throws, so the component that asks fails; in production it is
 * never held.
 */
function knownButton(key: string): boolean {
  if (catalogueButtons.has(key)) return true;
  if (import.meta.env.MODE === 'test' || import.meta.env.DEV) {
    throw new Error(`button key ${key} is not in the route catalogue`);
  }
  return false;
}

/** The one place the client decides what the user may see; the server checks every call again. */
export function useAccess(): Access {
  const { held } = useSession();
  return useMemo(
    () => ({
      hasButton: (key: string) => knownButton(key) && held.buttons.has(key),
      canOpen: (route: RouteDef) => canOpenRoute(route, held),
    }),
    [held],
  );
}

/** Renders its children only when the user holds the button key; otherwise the button is removed. */
export function Authorized({ button, children }: { button: string; children: ReactNode }) {
  return useAccess().hasButton(button) ? children : null;
}
