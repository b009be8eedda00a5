import { describe, expect, it } from 'vitest';
import { vehicleRecordScreens, vehicleScreens } from '../vehicles/screens';
import { queues, vehicleQueues } from './index';
import { defineQueues } from './queue';

describe('queues', () => {
  it('take the button of the action that works them off, and link to their screen filtered', () => {
    expect(vehicleQueues.risksToHandle).toMatchObject({
      title: '待处理的风险',
      button: 'riskManagement:handle',
      link: '/riskManagement?status=0',
    });
    expect(vehicleQueues.pendingInspection).toMatchObject({
      button: 'vehicleInspected:inspect',
      link: '/vehicleInspected',
    });
    expect(vehicleQueues.awaitingDelivery).toMatchObject({
      button: 'waitingOut:deliver',
      link: '/waitingOut?tab=delivery',
    });
  });

  it('take a catalogue button when no lifecycle action works them off', () => {
    const [queue] = Object.values(
      defineQueues({ overdue: { title: '超期', screen: vehicleScreens.vehicleList, button: 'vehicleList:edit' } }),
    );
    expect(queue?.button).toBe('vehicleList:edit');
  });

  it('refuse a filter their screen does not offer or does not take', () => {
    const { vehicleInspected } = vehicleScreens;
    expect(() =>
      defineQueues({ x: { title: 'x', screen: vehicleInspected, filter: { stage: '1' }, action: 'inspect' } }),
    ).toThrow('stage is not a filter of vehicleInspected');
    expect(() =>
      defineQueues({
        x: { title: 'x', screen: vehicleRecordScreens.riskManagement, filter: { status: '9' }, action: 'handle' },
      }),
    ).toThrow('riskManagement refuses the filter');
    expect(() =>
      defineQueues({
        x: { title: 'x', screen: vehicleScreens.waitingOut, filter: { tab: 'nope' }, action: 'deliver' },
      }),
    ).toThrow('waitingOut refuses the filter');
    expect(() =>
      defineQueues({ x: { title: 'x', screen: vehicleInspected, filter: { tab: 'outbound' }, action: 'inspect' } }),
    ).toThrow('tab is not a filter of vehicleInspected');
  });

  it('refuse an action or button the catalogue does not know', () => {
    const screen = vehicleRecordScreens.riskManagement;
    expect(() => defineQueues({ x: { title: 'x', screen, action: 'inspect' } })).toThrow('not an action');
    expect(() => defineQueues({ x: { title: 'x', screen, button: 'riskManagement:approve' } })).toThrow(
      'not a button of the route catalogue',
    );
  });

  it('each have their own key', () => {
    expect(new Set(queues.map((queue) => queue.key)).size).toBe(queues.length);
  });
});
