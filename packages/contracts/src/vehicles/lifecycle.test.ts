import { describe, expect, it } from 'vitest';
import { buttonKeys, buttonTitle } from '../routes/catalogue';
import { preparationActions, stage, vehicleLifecycle } from './lifecycle';
import { vehicleScreens } from './screens';

const all = new Set(vehicleLifecycle.transitions.map((transition) => transition.button));
const offered = (state: number, buttons: ReadonlySet<string> = all) =>
  vehicleLifecycle.allowed(state, buttons).map((transition) => transition.action);

describe('vehicle lifecycle table', () => {
  it('names only button keys of the route catalogue', () => {
    const known = new Set(buttonKeys);
    expect(vehicleLifecycle.transitions.filter((transition) => !known.has(transition.button))).toEqual([]);
  });

  it('offers a pending vehicle only inspection, and only to a holder of the button', () => {
    expect(offered(stage.pendingInspection)).toEqual(['inspect']);
    expect(offered(stage.pendingInspection, new Set())).toEqual([]);
  });

  it('offers an in-stock vehicle temporary delivery and shunting, never the internal 交车 (through an order only) or 还车验收', () => {
    expect(offered(stage.inStock)).toEqual(['temporaryDeliver', 'shunt']);
    expect(offered(stage.returning)).toEqual([]);
  });

  it('completes each preparation item with the edit button of its own screen', () => {
    expect(preparationActions.map((action) => vehicleLifecycle.transition(action).button)).toEqual([
      'networkMaintenance:edit',
      'drivingLicense:edit',
      'gpsList:edit',
      'operationCertificate:edit',
    ]);
    const screens = [vehicleScreens.networkMaintenance, vehicleScreens.drivingLicense, vehicleScreens.gpsList];
    expect(screens.map((screen) => screen.actions)).toEqual([['prepareNetwork'], ['prepareLicense'], ['prepareGps']]);
  });

  it('names the preparation item it completes, on the button as in the dialog, history and refusal', () => {
    const titles = preparationActions.map((action) => vehicleLifecycle.transition(action));
    expect(titles.map((transition) => transition.title)).toEqual([
      '完成入网',
      '完成行驶证办理',
      '完成GPS安装',
      '完成运输证办理',
    ]);
    expect(titles.map((transition) => buttonTitle(transition.button))).toEqual(titles.map(({ title }) => title));
    expect(vehicleLifecycle.refusal('prepareGps', stage.pendingInspection, '车辆')).toBe(
      '车辆当前为「待验车」，不能完成GPS安装',
    );
  });

  it('says why an action is refused from a stage', () => {
    expect(vehicleLifecycle.refusal('outbound', stage.pendingInspection, '车辆')).toBe(
      '车辆当前为「待验车」，不能出库',
    );
    expect(vehicleLifecycle.refusal('outbound', stage.awaitingOutbound, '车辆')).toBeNull();
  });
});
