import { describe, expect, it } from 'vitest';
import { buttonKeys } from '../routes/catalogue';
import { allowedActions, stage, vehicleTransitions } from './lifecycle';

describe('vehicle lifecycle table', () => {
  it('names only button keys of the route catalogue', () => {
    const known = new Set(buttonKeys);
    expect(vehicleTransitions.filter((transition) => !known.has(transition.button))).toEqual([]);
  });

  it('offers a pending vehicle only inspection, and only to a holder of the button', () => {
    const all = new Set(vehicleTransitions.map((transition) => transition.button));
    expect(allowedActions(stage.pendingInspection, all).map((t) => t.action)).toEqual(['inspect']);
    expect(allowedActions(stage.pendingInspection, new Set())).toEqual([]);
  });

  it('offers an in-stock vehicle delivery, temporary delivery and shunting', () => {
    const all = new Set(vehicleTransitions.map((transition) => transition.button));
    expect(allowedActions(stage.inStock, all).map((t) => t.action)).toEqual(['deliver', 'temporaryDeliver', 'shunt']);
  });
});
