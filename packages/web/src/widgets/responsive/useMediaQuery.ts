import { useCallback, useSyncExternalStore } from 'react';

/** The layout turns mobile below this width (SPEC.md §9). */
const mobileBreakpoint = 992;

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export function useIsMobileWidth(): boolean {
  return useMediaQuery(`(max-width: ${mobileBreakpoint - 0.02}px)`);
}
