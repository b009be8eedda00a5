import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssues, fieldMessage } from './validation';
import { passwordProblem } from './values';
import { vehicleResource } from './vehicles';

const problemOf = (schema: z.ZodType, value: unknown) =>
  describeIssues(schema, schema.safeParse(value).error?.issues ?? []);

describe('a field problem as the server and the form say it', () => {
  const required = { vin: 'LGXCE4CB9P0123456', modelId: '1', energyType: 0, cityId: '1', companyId: '1', mileage: 0 };

  it('names the field once, then what is wrong and what is expected', () => {
    const input = vehicleResource.createInput;
    expect(problemOf(input, { ...required, plateNo: '京A1234-' })).toBe(
      '车牌号：格式不正确，应为“京A12345”，新能源“京AD12345”',
    );
    expect(problemOf(input, { ...required, plateNo: '京A1234' })).toBe(
      '车牌号：应为7位，如“京A12345”；新能源8位，如“京AD12345”',
    );
    expect(problemOf(input, { ...required, vin: 'LGXCE4CB9P012345' })).toBe(
      '车架号：应为17位（数字和大写字母），当前16位',
    );
    expect(problemOf(input, { ...required, registrationDate: '2024/03/01' })).toBe(
      '注册日期：应为“年-月-日”，如2024-03-01',
    );
  });

  it('never prefixes a message that already names its field', () => {
    expect(fieldMessage('车牌号', '车牌号「京A00000」不存在')).toBe('车牌号「京A00000」不存在');
    expect(fieldMessage('车牌号', '不能为空')).toBe('车牌号：不能为空');
    const named = z.object({
      code: z
        .string()
        .refine(() => false, '编号已被占用')
        .meta({ title: '编号' }),
    });
    expect(problemOf(named, { code: 'x' })).toBe('编号已被占用');
  });
});

describe('a new password (SPEC §5 hint)', () => {
  it('takes 6 to 10 characters of at least two kinds', () => {
    expect(passwordProblem('abc123')).toBeNull();
    expect(passwordProblem('abc_def')).toBeNull();
    expect(passwordProblem('12#45$')).toBeNull();
    expect(passwordProblem('密码abc12')).toBeNull();
  });

  it('says which rule a password breaks', () => {
    expect(passwordProblem('ab12')).toBe('长度应为6-10位，当前4位');
    expect(passwordProblem('abcdef12345')).toBe('长度应为6-10位，当前11位');
    expect(passwordProblem('abcdefgh')).toBe('须包含数字、字母、符号中至少两种');
    expect(passwordProblem('12345678')).toBe('须包含数字、字母、符号中至少两种');
    expect(passwordProblem('abc 1234')).toBe('不能包含空格');
    expect(passwordProblem('abc1234\t')).toBe('不能包含空格');
  });

  it('refuses six or more digits in a row taken from the user’s own mobile number', () => {
    expect(passwordProblem('a345678', '13812345678')).toBe('不能包含手机号中连续6位以上的数字');
    expect(passwordProblem('x13812345', '13812345678')).toBe('不能包含手机号中连续6位以上的数字');
    expect(passwordProblem('a345678', '13900000000')).toBeNull();
    expect(passwordProblem('a34567b', '13812345678')).toBeNull();
    expect(passwordProblem('a345678')).toBeNull();
  });
});
