import { commonTagResource, commonTagScreens } from '@cp/contracts';
import { defineFeature } from '../feature';
import { defineServerResource } from '../resource/family';
import { seedEachBranch } from '../seed/branches';
import { commonTags } from './tables';

const demoTags = [
  ['安全驾驶', '#F5222D'],
  ['政策解读', '#FF7A00'],
  ['新手必读', '#1677FF'],
  ['收入提升', '#52C41A'],
  ['车辆保养', '#722ED1'],
];

export const feature = defineFeature({
  families: [defineServerResource({ resource: commonTagResource, table: commonTags, screens: commonTagScreens })],
  // Five tags per branch company, made over the last three months; the last one stopped.
  demo: (db) =>
    seedEachBranch(db, commonTags, (branch) =>
      demoTags.map(([name = '', color], n) => {
        const createdAt = branch.ago(90 - n * 14);
        return { name, color, displayOrder: n * 10 + 10, status: n < 4 ? 1 : 0, createdAt };
      }),
    ),
});
