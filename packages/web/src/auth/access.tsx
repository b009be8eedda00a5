import { canOpenRoute, type RouteDef } from '@cp/contracts/routes';
import { type ReactNode, useMemo } from 'react';
import { useSession } from './session';

export interface Access {
  /** Whether the user holds this button key (`roleManagement:add`…). */
  hasButton(key: string): boolean;
  canOpen(route: RouteDef): boolean;
}

/** The one place the client decides what the user may see; the server checks every call again. */
export function useAccess(): Access {
  const { held } = useSession();
  return useMemo(
    () => ({
      hasButton: (key: string) => held.buttons.has(key),
      canOpen: (route: RouteDef) => canOpenRoute(route, held),
    }),
    [held],
  );
}

/** Renders its children only when the user holds the button key; otherwise the button is removed. */
export function Authorized({ button, children }: { button: string; children: ReactNode }) {
  return useAccess().hasButton(button) ? children : null;
}
