import type { MenuNode } from '@cp/contracts';
import { createContext, useContext } from 'react';

/** The user's menus as the shell shows them (built pages only), for pages that link to them. */
export const ShellMenuContext = createContext<readonly MenuNode[]>([]);

export function useShellMenu(): readonly MenuNode[] {
  return useContext(ShellMenuContext);
}
