import { describe, expect, it } from 'vitest';
import { resourceExportColumns } from '../src/exports/resource';
import { screenExport } from '../src/resource/exports';
import { fixtureFamily, fixtureResource, fixtureScreens } from './kit/fixture';

describe('export columns of a declared resource', () => {
  const columns = resourceExportColumns(fixtureResource);
  const cells = (row: Record<string, unknown>) => columns.map((column) => column.value(row));

  it('takes the exported fields in declaration order, with money headed in yuan', () => {
    expect(columns.map((column) => column.header)).toEqual([
      '编号',
      '数量',
      '单价（元）',
      '开始日期',
      '发生时间',
      '类别',
      '状态',
      '是否启用',
      '所属公司',
      '城市',
      '角色',
      '标签',
    ]);
  });

  it('writes labels for enumerations, yuan for fen, 是/否, names for references and Beijing times', () => {
    const row = {
      code: 'KF-1',
      quantity: 3,
      price: 123456,
      startDate: '2025-06-01',
      happenedAt: new Date('2025-06-01T16:30:00Z'),
      category: 1,
      status: 2,
      active: false,
      companyId: 7,
      companyName: '北京CP汽车租赁有限公司',
      cityId: 1,
      cityName: '北京市',
      roleIds: [1, 2],
      roleNames: ['超级管理员', '车辆订单专员'],
      labels: ['新车', '长租'],
    };
    expect(cells(row)).toEqual([
      'KF-1',
      3,
      1234.56,
      '2025-06-01',
      '2025-06-02 00:30:00',
      '加急',
      '已归档',
      '否',
      '北京CP汽车租赁有限公司',
      '北京市',
      '超级管理员、车辆订单专员',
      '新车、长租',
    ]);
  });

  it('leaves the cells of empty values empty', () => {
    expect(cells({ code: 'KF-2', category: 0, status: 0, active: true })).toEqual([
      'KF-2',
      null,
      null,
      '',
      '',
      '普通',
      '草稿',
      '是',
      '',
      '',
      '',
      '',
    ]);
  });
});

describe('export filters of a screen', () => {
  const filters = screenExport(fixtureFamily, fixtureScreens.list).filters;

  it('takes the list’s filters as the list parses them', () => {
    expect(filters.parse({ code: ' KF ', category: '1', startDate: '2025-06-01,2025-06-30' })).toEqual({
      code: 'KF',
      category: 1,
      startDate: ['2025-06-01', '2025-06-30'],
    });
  });

  it('refuses paging, sorting and anything the list does not filter on', () => {
    for (const refused of [{ page: '2' }, { sort: 'code' }, { order: 'asc' }, { tenantId: '2' }, { remark: 'x' }]) {
      expect(filters.safeParse(refused).success, JSON.stringify(refused)).toBe(false);
    }
  });

  it('leaves a screen’s fixed filter out of what a request may set', () => {
    const submitted = screenExport(fixtureFamily, fixtureScreens.submitted).filters;
    expect(submitted.safeParse({ status: '0' }).success).toBe(false);
    expect(submitted.safeParse({ code: 'KF' }).success).toBe(true);
  });
});
