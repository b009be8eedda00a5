import { describe, expect, it } from 'vitest';
import { isValidNationalId, nationalIdCheckCharacter, nationalIdProblem, nationalIdRule } from './nationalId';

const today = new Date(2025, 0, 1);

async function runRule(value: unknown): Promise<string | undefined> {
  const rule = nationalIdRule as { validator: (rule: unknown, value: unknown) => Promise<void> };
  try {
    await rule.validator({}, value);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('national ID', () => {
  it('accepts the GB 11643 sample number and computes its check digit', () => {
    expect(nationalIdCheckCharacter('11010519491231002')).toBe('X');
    expect(isValidNationalId('11010519491231002X', today)).toBe(true);
    expect(isValidNationalId('11010519491231002x', today)).toBe(true);
    expect(isValidNationalId('440524188001010014', today)).toBe(false);
    expect(isValidNationalId('440524198001010013', today)).toBe(true);
  });

  it('rejects a wrong check digit, including X where a digit belongs', () => {
    expect(nationalIdProblem('110105194912310021', today)).toBe('checkDigit');
    expect(nationalIdProblem('44052419800101001X', today)).toBe('checkDigit');
  });

  it('requires 18 characters', () => {
    expect(nationalIdProblem('11010519491231002', today)).toBe('length');
    expect(nationalIdProblem('11010519491231002X1', today)).toBe('length');
  });

  it('rejects letters and a leading zero', () => {
    expect(nationalIdProblem('1101051949123100AX', today)).toBe('format');
    expect(nationalIdProblem('01010519491231002X', today)).toBe('format');
  });

  it('validates the birth date part', () => {
    // Check digits are correct, so only the date can fail.
    const withDate = (date: string) => {
      const first17 = `110105${date}002`;
      return first17 + nationalIdCheckCharacter(first17);
    };
    expect(nationalIdProblem(withDate('19490229'), today)).toBe('birthDate');
    expect(nationalIdProblem(withDate('19481331'), today)).toBe('birthDate');
    expect(nationalIdProblem(withDate('20300101'), today)).toBe('birthDate');
    expect(nationalIdProblem(withDate('18991231'), today)).toBe('birthDate');
    expect(nationalIdProblem(withDate('20000229'), today)).toBeNull();
  });

  it('as a form rule, explains the problem and leaves empty values to `required`', async () => {
    expect(await runRule('110105194912310021')).toBe('身份证号校验位不正确');
    expect(await runRule('123')).toBe('身份证号必须为18位');
    expect(await runRule('')).toBeUndefined();
    expect(await runRule('11010519491231002X')).toBeUndefined();
  });
});
