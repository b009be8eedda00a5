import { useCallback, useEffect, useState } from 'react';

/** The index of the chosen top-menu entry, kept in local storage. */
export const topMenuStorageKey = 'navIndex';

function storedIndex(): number {
  const value = Number(window.localStorage.getItem(topMenuStorageKey));
  return Number.isInteger(value) && value >= 0 ? value : 0;
}

/**
 * Which top-menu section the sidebar shows: the section of the current page when it has one,
 * otherwise the one last chosen.
 */
export function useActiveTopMenu(sectionKeys: readonly string[], routeSection: string | null) {
  const [chosen, setChosen] = useState(storedIndex);
  const routeIndex = routeSection ? sectionKeys.indexOf(routeSection) : -1;

  useEffect(() => {
    if (routeIndex < 0) return;
    setChosen(routeIndex);
    window.localStorage.setItem(topMenuStorageKey, String(routeIndex));
  }, [routeIndex]);

  const choose = useCallback((index: number) => {
    setChosen(index);
    window.localStorage.setItem(topMenuStorageKey, String(index));
  }, []);

  const index = routeIndex >= 0 ? routeIndex : Math.min(chosen, Math.max(0, sectionKeys.length - 1));
  return { index, key: sectionKeys[index], choose };
}
