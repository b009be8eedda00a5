import { describe, expect, it } from 'vitest';
import type { FamilyModule } from '../resource/familyModule';
import { relatedLists } from '../resource/related';

/** Every feature's families module, found by its name, as the button check finds them. */
const modules = import.meta.glob<FamilyModule>('../*/families.tsx', { eager: true });
const families = Object.entries(modules).flatMap(([path, module]) =>
  module.families.map((family) => ({ name: `${path.split('/')[1]}: ${family.resource.key}`, family })),
);

describe("every family's detail page can list its related rows", () => {
  it('finds the families', () => {
    expect(families.length).toBeGreaterThan(Object.keys(modules).length);
  });

  for (const { name, family } of families.filter((entry) => entry.family.related)) {
    it(`${name}: each related list is a screen filtered by its parent, reachable by its URL`, () => {
      // A declaration the detail page cannot resolve throws while rendering: the page went blank.
      const lists = relatedLists(family);
      for (const list of lists) expect(list.screen.filters).toContain(list.via);
    });
  }
});
