import type { Location } from 'react-router';
import { describe, expect, it } from 'vitest';
import { emptyPageCache, type PageCacheState, visitPage } from './pageCache';

let counter = 0;
function at(url: string): Location {
  const [pathname = '/', search = ''] = url.split('?');
  counter += 1;
  return { pathname, search: search ? `?${search}` : '', hash: '', state: null, key: `k${counter}` };
}

function go(state: PageCacheState, url: string, cached = true, navigationType = 'PUSH', capacity?: number) {
  return visitPage(state, { location: at(url), navigationType, cached }, capacity);
}

describe('page cache', () => {
  it('creates one instance per path and search of a cached route, and reuses it on return', () => {
    let state = go(emptyPageCache, '/list');
    const first = state.activeId;
    state = go(state, '/home', false);
    expect(state.activeId).toBeNull();
    expect(state.entries).toHaveLength(1);
    state = go(state, '/list');
    expect(state.activeId).toBe(first);
    state = go(state, '/list?keyword=a');
    expect(state.activeId).not.toBe(first);
    expect(state.entries).toHaveLength(2);
  });

  it('keeps the instance when a page replaces its own search (filters written to the URL)', () => {
    let state = go(emptyPageCache, '/list');
    const id = state.activeId;
    state = go(state, '/list?keyword=a', true, 'REPLACE');
    expect(state.activeId).toBe(id);
    expect(state.entries.map((entry) => entry.key)).toEqual(['/list?keyword=a']);
  });

  it('evicts the least recently shown page beyond the capacity', () => {
    let state = go(emptyPageCache, '/a', true, 'PUSH', 2);
    state = go(state, '/b', true, 'PUSH', 2);
    state = go(state, '/a', true, 'PUSH', 2);
    state = go(state, '/c', true, 'PUSH', 2);
    expect(state.entries.map((entry) => entry.key)).toEqual(['/a', '/c']);
  });
});
