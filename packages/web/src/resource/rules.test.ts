import { inspectBody, vehicleResource } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { fieldRules, parseForm, requiredMessage, schemaProblem } from './rules';

const fields = vehicleResource.fields;

async function validate(rule: ReturnType<typeof fieldRules>[number], value: unknown): Promise<string | null> {
  if (typeof rule !== 'object' || !rule.validator) return null;
  try {
    await rule.validator({}, value, () => {});
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('form rules from the contracts schemas', () => {
  it('words a problem as the server does: field title, then the schema message', () => {
    expect(schemaProblem(fields.vin.input, '1M8GDM9A1KP042788')).toBe('车架号：车架号校验位（第9位）不正确');
    expect(schemaProblem(fields.plateNo.input, '京A1234')).toBe('车牌号：车牌号应为7位（新能源8位）');
    expect(schemaProblem(fields.vin.input, '1M8GDM9AXKP042788')).toBeNull();
  });

  it('names the inner field of a list item', () => {
    const problem = schemaProblem(inspectBody.shape.checklist, [{ item: '', ok: true }]);
    expect(problem).toBe('检查项：长度不能少于1个字符');
  });

  it('asks for a required field first and leaves empty optional ones alone', async () => {
    const [required, schema] = fieldRules(fields.vin);
    expect(required).toEqual({ required: true, message: '请输入车架号' });
    expect(await validate(schema as never, '')).toBeNull();
    expect(await validate(schema as never, 'ABC')).toBe('车架号：车架号应为17位');
    expect(requiredMessage(fields.modelId)).toBe('请选择车型');
    expect(requiredMessage(fields.purchasePrice)).toBe('请输入采购价（元）');
    expect(fieldRules(fields.engineNo)).toHaveLength(1);
  });

  it('parses a whole body, or says what is wrong with it', () => {
    const body = { mileage: 10, result: 1, checklist: [{ item: '外观', ok: true }], photos: [] };
    expect(parseForm(inspectBody, body)).toEqual({ ok: true, data: body });
    expect(parseForm(inspectBody, { ...body, checklist: [] })).toEqual({
      ok: false,
      message: '检查清单：至少填写一项',
    });
  });
});
