import { buttonKeys } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { screenControls } from '../resource/controls';
import { declaredFamilies } from '../resource/testing/declaredFamilies';

/** Every feature's families (each folder's `families.ts(x)`: `vehicles/`, `users/`, the declarations-only `tags/`…). */
const declared = await declaredFamilies();
const catalogue = new Set(buttonKeys);

const families = declared.map(({ family }) => family);
const folders = new Set(declared.map(({ folder }) => folder));
const screens = declared.flatMap(({ folder, family }) =>
  Object.values(family.screens).map((screen) => ({
    name: `${folder}: ${family.resource.key} on ${screen.key}`,
    family,
    screen,
  })),
);

describe("the features' screens hold to the route catalogue's buttons", () => {
  it('are found in every feature module', () => {
    expect([...folders]).toEqual(expect.arrayContaining(['users', 'vehicles', 'tags']));
    expect(screens.length).toBeGreaterThan(folders.size);
  });

  for (const { name, screen } of screens.filter((entry) => !entry.screen.embedded)) {
    it(`${name}: every button of the route has a control, every control's button is the catalogue's`, () => {
      // A page's embedded screens (抽奖详情's prizes, participants) carry the controls of its other buttons.
      const controls = screens
        .filter((entry) => entry.screen.route === screen.route)
        .flatMap((entry) => screenControls(entry.family, entry.screen).map((control) => control.button));
      // 查看 on a masked value of the page's rows (a 个人客户 made on 线索明细 too): the detail view's, not a control.
      const sensitive = families
        .filter((family) => family.resource.page === screen.route.key)
        .flatMap((family) => family.resource.permissions.viewSensitive ?? []);
      const routeButtons = screen.route.buttons.map((button) => button.key);
      expect(routeButtons.filter((key) => !controls.includes(key) && !sensitive.includes(key))).toEqual([]);
      expect(controls.filter((key) => !catalogue.has(key))).toEqual([]);
    });
  }
});
