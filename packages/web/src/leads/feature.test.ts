import { routesByKey } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { keys } from './families';
import { feature } from './feature';

describe('lead pages', () => {
  it('register the route keys the families make pages for, and the follow-up page', () => {
    expect(Object.keys(feature.pages).sort()).toEqual([...keys, 'threadDeatailsFollowUp'].sort());
    expect(Object.keys(feature.pages).map((key) => routesByKey.get(key)?.title)).toEqual([
      '线索明细',
      '线索日志',
      '无效线索配置',
      '上传日志',
      '上传日志详情',
      '线索跟进',
    ]);
  });
});
