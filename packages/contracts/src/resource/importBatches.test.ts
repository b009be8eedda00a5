import { describe, expect, it } from 'vitest';
import { importBatchResources } from './importBatches';

describe('importBatchResources', () => {
  it('takes every button of its page by default, only those given when its page is a family’s list', () => {
    const own = importBatchResources({ of: 'lead', page: 'upLoadLog', endpoint: '/api/x-imports', title: '上传日志' });
    expect(own.batches.permissions.export).toBe('upLoadLog:export');
    const onList = { of: 'expressExchange', page: 'expressGoods', endpoint: '/api/y-imports', title: '运单导入记录' };
    const none = importBatchResources({ ...onList, operations: [] });
    expect(none.batches.permissions).toEqual({ list: 'expressGoods' });
    expect(none.rows.permissions).toEqual({ list: 'expressGoods' });
    const listed = importBatchResources({ ...onList, operations: ['export'] });
    expect(listed.batches.permissions).toEqual({ list: 'expressGoods', export: 'expressGoods:export' });
  });
});
