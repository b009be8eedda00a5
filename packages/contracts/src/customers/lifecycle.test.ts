import { describe, expect, it } from 'vitest';
import { driverStatus as s } from './enums';
import { driverLifecycle } from './lifecycle';

const lifecycle = driverLifecycle('taxiDriver');
const every = new Set(lifecycle.transitions.map((transition) => transition.button));
const offered = (state: number) => lifecycle.allowed(state, every).map((transition) => transition.action);

describe('driver lifecycle', () => {
  it('offers from each status exactly its steps', () => {
    expect(offered(s.pending)).toEqual(['approve', 'reject']);
    expect(offered(s.rejected)).toEqual(['resubmit']);
    expect(offered(s.active)).toEqual(['freeze', 'blacklist', 'churn']);
    expect(offered(s.frozen)).toEqual(['unfreeze', 'churn']);
    expect(offered(s.blacklisted)).toEqual([]);
    expect(offered(s.churned)).toEqual([]);
  });

  it('guards each step by a button of its own page', () => {
    expect(lifecycle.transition('blacklist').button).toBe('taxiDriver:blacklist');
    expect(driverLifecycle('ridehailingDrivers').transition('approve').button).toBe('ridehailingDrivers:audit');
  });

  it('lets only drivers never approved be deleted', () => {
    expect(lifecycle.removalRefusal(s.active, '司机')).toBe('司机当前为「正常」，不能删除');
    expect(lifecycle.removalRefusal(s.pending, '司机')).toBeNull();
    expect(lifecycle.removalRefusal(s.rejected, '司机')).toBeNull();
  });
});
