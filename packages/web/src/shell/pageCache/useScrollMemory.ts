import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Scroll goes to the top on navigation, except that a cached page comes back where it was left.
 * `activeId` is the visible cached page (null for an uncached one).
 */
export function useScrollMemory(activeId: number | null, pathname: string, liveIds: readonly number[]): void {
  const positions = useRef(new Map<number, number>());
  const active = useRef(activeId);

  useEffect(() => {
    const remember = () => {
      if (active.current !== null) positions.current.set(active.current, window.scrollY);
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger: an uncached page changing path starts at the top
  useLayoutEffect(() => {
    active.current = activeId;
    window.scrollTo({ top: activeId === null ? 0 : (positions.current.get(activeId) ?? 0), behavior: 'instant' });
  }, [activeId, pathname]);

  useEffect(() => {
    for (const id of positions.current.keys()) if (!liveIds.includes(id)) positions.current.delete(id);
  }, [liveIds]);
}
