import { describe, expect, it } from 'vitest';
import { relatedLists } from '../resource/related';
import { declaredFamilies } from '../resource/testing/declaredFamilies';

/** Every feature's families, as the button check finds them. */
const declared = await declaredFamilies();
const families = declared.map(({ folder, family }) => ({ name: `${folder}: ${family.resource.key}`, family }));

describe("every family's detail page can list its related rows", () => {
  it('finds the families', () => {
    expect(families.length).toBeGreaterThan(new Set(declared.map(({ folder }) => folder)).size);
  });

  for (const { name, family } of families.filter((entry) => entry.family.related)) {
    it(`${name}: each related list is a screen filtered by its parent, reachable by its URL`, () => {
      // A declaration the detail page cannot resolve throws while rendering: the page went blank.
      const lists = relatedLists(family);
      for (const list of lists) expect(list.screen.filters).toContain(list.via);
    });
  }
});
