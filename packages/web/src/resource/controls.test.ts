import { defineLifecycle, defineScreen } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { type Control, screenControls } from './controls';
import { defineFamily } from './family';
import { fixtureFamily, fixtureLifecycle, fixtureScreens } from './testing/fixture';

const Nothing = () => null;

const described = (controls: readonly Control[]) =>
  controls.map((control) => [control.place, control.kind, control.button, control.title]);

describe('screenControls: the controls a screen renders', () => {
  it("gives the family's own list its page's standard buttons and the lifecycle's actions, in order", () => {
    expect(described(screenControls(fixtureFamily, fixtureScreens.vehicleList))).toEqual([
      ['toolbar', 'create', 'vehicleList:add', '新增'],
      ['toolbar', 'import', 'vehicleList:import', '导入'],
      ['toolbar', 'export', 'vehicleList:export', '导出'],
      ['row', 'edit', 'vehicleList:edit', '编辑'],
      ['row', 'transition', 'vehicleInspected:inspect', '验车'],
      ['row', 'transition', 'inspectedVehicle:prepare', '整备'],
      ['row', 'delete', 'vehicleList:delete', '删除'],
    ]);
  });

  it("gives another screen only its own route's buttons: no 新增, 编辑 or 删除 of the family's page", () => {
    expect(described(screenControls(fixtureFamily, fixtureScreens.vehicleInspected))).toEqual([
      ['toolbar', 'export', 'vehicleInspected:export', '导出'],
      ['row', 'transition', 'vehicleInspected:inspect', '验车'],
    ]);
  });

  it("places a family's own controls after 新增 in the toolbar and before 删除 in the rows, titled by the catalogue", () => {
    const family = defineFamily({
      ...fixtureFamily,
      controls: {
        vehicleList: [
          { button: 'waitingOut:deliver', place: 'row', render: Nothing },
          { button: 'temporaryDelivery:recall', place: 'toolbar', family: fixtureFamily, action: 'review' },
        ],
      },
    });
    expect(described(screenControls(family, family.main))).toEqual([
      ['toolbar', 'create', 'vehicleList:add', '新增'],
      ['toolbar', 'custom', 'temporaryDelivery:recall', '收回'],
      ['toolbar', 'import', 'vehicleList:import', '导入'],
      ['toolbar', 'export', 'vehicleList:export', '导出'],
      ['row', 'edit', 'vehicleList:edit', '编辑'],
      ['row', 'transition', 'vehicleInspected:inspect', '验车'],
      ['row', 'transition', 'inspectedVehicle:prepare', '整备'],
      ['row', 'custom', 'waitingOut:deliver', '交车'],
      ['row', 'delete', 'vehicleList:delete', '删除'],
    ]);
  });

  it('offers no 导入 for a resource that declares no import, though its page has the button', () => {
    const { import: _imported, ...spec } = fixtureFamily.resource;
    const family = defineFamily({ ...fixtureFamily, resource: { ...spec } });
    expect(screenControls(family, family.main).map((control) => control.kind)).not.toContain('import');
  });

  it('titles each action by its own title where one button guards two actions of a row', () => {
    const lifecycle = defineLifecycle({
      field: 'status',
      states: fixtureLifecycle.states,
      transitions: [
        { action: 'pass', title: '审核通过', from: [0], to: 1, button: 'vehicleInspected:inspect' },
        { action: 'fail', title: '审核不通过', from: [0], to: 2, button: 'vehicleInspected:inspect' },
      ],
    });
    const resource = { ...fixtureFamily.resource, lifecycle };
    const screen = defineScreen(resource, { route: 'vehicleInspected', actions: ['pass', 'fail'] });
    const family = defineFamily({ resource, screens: { vehicleList: fixtureFamily.main, vehicleInspected: screen } });
    expect(described(screenControls(family, screen)).filter(([, kind]) => kind === 'transition')).toEqual([
      ['row', 'transition', 'vehicleInspected:inspect', '审核通过'],
      ['row', 'transition', 'vehicleInspected:inspect', '审核不通过'],
    ]);
  });
});
