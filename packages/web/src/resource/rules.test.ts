import { describeIssues, inspectBody, vehicleResource } from '@cp/contracts';
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
  it('words a problem as the server does: the field title once, then what is wrong and what is expected', () => {
    expect(schemaProblem(fields.vin.input, '1M8GDM9A1KP042788')).toBe(
      '车架号：校验位（第9位）与其他位不符，请逐位核对',
    );
    expect(schemaProblem(fields.plateNo.input, '京A1234-')).toBe(
      '车牌号：格式不正确，应为“京A12345”，新能源“京AD12345”',
    );
    expect(schemaProblem(fields.vin.input, '1M8GDM9AXKP042788')).toBeNull();
  });

  it('says exactly what the server answers for the same value', () => {
    const input = vehicleResource.createInput;
    const server = (body: object) => describeIssues(input, input.safeParse(body).error?.issues ?? []);
    const starred = { vin: 'LGXCE4CB9P0123456', modelId: '1', energyType: 0, cityId: '1', companyId: '1', mileage: 1 };
    expect(schemaProblem(fields.plateNo.input, '京A1234-')).toBe(server({ ...starred, plateNo: '京A1234-' }));
    expect(schemaProblem(fields.vin.input, 'LGX')).toBe(server({ ...starred, vin: 'LGX' }));
    expect(schemaProblem(fields.registrationDate.input, '2024/3/1')).toBe(
      server({ ...starred, registrationDate: '2024/3/1' }),
    );
  });

  it('names the inner field of a list item', () => {
    const problem = schemaProblem(inspectBody.shape.checklist, [{ item: '', ok: true }]);
    expect(problem).toBe('检查项：长度不能少于1个字符');
  });

  it('asks for a required field first and leaves empty optional ones alone', async () => {
    const [required, schema] = fieldRules(fields.vin);
    expect(required).toEqual({ required: true, message: '请输入车架号' });
    expect(await validate(schema as never, '')).toBeNull();
    expect(await validate(schema as never, 'ABC')).toBe('车架号：应为17位（数字和大写字母），当前3位');
    expect(requiredMessage(fields.modelId)).toBe('请选择车型');
    expect(requiredMessage(fields.purchasePrice)).toBe('请输入采购价（元）');
    expect(requiredMessage(fields.registrationDate)).toBe('请选择注册日期');
    expect(requiredMessage(fields.attachments)).toBe('请上传附件');
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
