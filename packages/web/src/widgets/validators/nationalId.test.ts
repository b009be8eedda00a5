import { describe, expect, it } from 'vitest';
import { nationalIdRule } from './nationalId';

async function runRule(value: unknown): Promise<string | undefined> {
  const rule = nationalIdRule as { validator: (rule: unknown, value: unknown) => Promise<void> };
  try {
    await rule.validator({}, value);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('national ID form rule', () => {
  it('says what the server says, and leaves empty values to `required`', async () => {
    expect(await runRule('110105194912310021')).toBe('身份证号：校验位不正确，请核对号码');
    expect(await runRule('123')).toBe('身份证号：应为18位，当前3位');
    expect(await runRule('')).toBeUndefined();
    expect(await runRule('11010519491231002X')).toBeUndefined();
  });
});
