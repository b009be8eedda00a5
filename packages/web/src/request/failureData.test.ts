import { describe, expect, it } from 'vitest';
import { createHttpClient } from './client';
import { RequestError } from './errors';
import { answeringEnvironment } from './testing';

function clientAnswering(body: unknown) {
  return createHttpClient(answeringEnvironment(body));
}

describe('request layer: a business failure with details', () => {
  it('keeps the envelope’s data on the error, for the screen that lists them', async () => {
    const problems = [{ row: 3, field: '车牌号', message: '「京A00000」不存在' }];
    const http = clientAnswering({ code: 1000, msg: '导入失败：共1处错误', isSuccess: false, data: { problems } });
    const error = await http.post('/api/vehicle-violations/import').catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ code: 1000, message: '导入失败：共1处错误', data: { problems } });
  });

  it('has null data when the envelope carries none', async () => {
    const http = clientAnswering({ code: 1000, msg: '操作失败', isSuccess: false, data: null });
    expect(await http.get('/x').catch((reason: unknown) => reason)).toMatchObject({ code: 1000, data: null });
  });
});
