import { describe, expect, it } from 'vitest';
import * as tags from '../tags/families';
import { familyOf } from './familyRegistry';
import { loadListedFamilies } from './registerFamilies';

describe("a feature's family pages", () => {
  it('load with the keys listed for them, and are then known by their screens', async () => {
    await expect(loadListedFamilies(async () => tags, ['commonTags'])).resolves.toBe(tags);
    expect(familyOf('commonTags').resource.key).toBe(tags.families[0]?.resource.key);
  });

  it('are refused, saying to list them again, when the generated list is stale', async () => {
    await expect(loadListedFamilies(async () => tags, ['commonTags', 'policyList'])).rejects.toThrow(
      'features.generated.ts 已过期，请运行 npm run features（列出 commonTags,policyList，实有 commonTags）',
    );
  });
});
