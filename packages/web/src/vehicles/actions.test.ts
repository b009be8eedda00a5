import { buttonKeys, stage } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { offeredActions } from './actions';

const everything = new Set(buttonKeys);
const titles = (
  stageValue: number,
  buttons: ReadonlySet<string> = everything,
  only?: Parameters<typeof offeredActions>[2],
) => offeredActions(stageValue, buttons, only).map((transition) => transition.title);

describe('the actions a vehicle offers', () => {
  it('offers 验车 for a vehicle waiting for inspection, and nothing here for one on lease', () => {
    expect(titles(stage.pendingInspection)).toEqual(['验车']);
    expect(titles(stage.leased)).toEqual([]);
  });

  it('follows the lifecycle: 整备 after inspection, 出库 then 交车', () => {
    expect(titles(stage.inspected)).toEqual(['整备']);
    expect(titles(stage.awaitingOutbound)).toEqual(['出库']);
    expect(titles(stage.outbound)).toEqual(['交车']);
    expect(titles(stage.inStock)).toEqual(['交车']);
  });

  it('offers only what the user holds the button for', () => {
    expect(titles(stage.pendingInspection, new Set(['vehicleList:edit']))).toEqual([]);
    expect(titles(stage.pendingInspection, new Set(['vehicleInspected:inspect']))).toEqual(['验车']);
  });

  it("keeps to a screen's own actions", () => {
    expect(titles(stage.awaitingOutbound, everything, ['deliver'])).toEqual([]);
    expect(titles(stage.outbound, everything, ['outbound', 'deliver'])).toEqual(['交车']);
  });
});
