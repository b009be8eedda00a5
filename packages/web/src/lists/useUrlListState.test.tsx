import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlListState } from './useUrlListState';

const filterNames = ['keyword', 'status'] as const;

function renderList(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ list: useUrlListState(filterNames), location: useLocation() }), { wrapper });
}

describe('list state in the URL', () => {
  it('reads filters, page and page size from the URL, with defaults', () => {
    const { result } = renderList('/roles?keyword=%E7%AE%A1%E7%90%86&page=3&limit=50');
    expect(result.current.list.filters).toEqual({ keyword: '管理', status: '' });
    expect(result.current.list.page).toBe(3);
    expect(result.current.list.limit).toBe(50);
    const plain = renderList('/roles?page=-2&limit=x');
    expect([plain.result.current.list.page, plain.result.current.list.limit]).toEqual([1, 20]);
  });

  it('writes filters into the URL, drops empty ones and starts again at page 1', () => {
    const { result } = renderList('/roles?page=4&other=1');
    act(() => result.current.list.setFilters({ keyword: ' 运营 ', status: '' }));
    expect(new URLSearchParams(result.current.location.search).get('keyword')).toBe('运营');
    expect(result.current.location.search).not.toContain('page=');
    expect(result.current.location.search).not.toContain('status');
    expect(result.current.location.search).toContain('other=1');
  });

  it('writes page and size, leaving defaults out of the URL', () => {
    const { result } = renderList('/roles?keyword=a');
    act(() => result.current.list.setPage(2, 50));
    expect(result.current.location.search).toBe('?keyword=a&page=2&limit=50');
    act(() => result.current.list.setPage(1, 20));
    expect(result.current.location.search).toBe('?keyword=a');
  });
});
