import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { readCookie, removeCookie } from '../auth/cookies';
import { topMenuStorageKey, useActiveTopMenu } from './useActiveTopMenu';
import { sidebarCookieName, useSidebar } from './useSidebar';

describe('sidebar state', () => {
  beforeEach(() => removeCookie(sidebarCookieName));

  it('is open by default and keeps a toggle in the sidebarStatus cookie', () => {
    const first = renderHook(() => useSidebar());
    expect(first.result.current.opened).toBe(true);
    act(() => first.result.current.toggle());
    expect(first.result.current.opened).toBe(false);
    expect(readCookie(sidebarCookieName)).toBe('0');
    expect(renderHook(() => useSidebar()).result.current.opened).toBe(false);
  });
});

describe('active top menu', () => {
  beforeEach(() => window.localStorage.clear());
  const keys = ['vehicle', 'order', 'config'];

  it('follows the section of the current page and stores its index', () => {
    const { result } = renderHook(() => useActiveTopMenu(keys, 'config'));
    expect(result.current.key).toBe('config');
    expect(window.localStorage.getItem(topMenuStorageKey)).toBe('2');
  });

  it('falls back to the stored index on pages without a section, within the menu', () => {
    window.localStorage.setItem(topMenuStorageKey, '1');
    expect(renderHook(() => useActiveTopMenu(keys, null)).result.current.key).toBe('order');
    window.localStorage.setItem(topMenuStorageKey, '7');
    expect(renderHook(() => useActiveTopMenu(keys, null)).result.current.key).toBe('config');
  });

  it('stores a chosen index', () => {
    const { result } = renderHook(() => useActiveTopMenu(keys, null));
    act(() => result.current.choose(1));
    expect(result.current.key).toBe('order');
    expect(window.localStorage.getItem(topMenuStorageKey)).toBe('1');
  });
});
