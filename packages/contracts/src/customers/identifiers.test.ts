import { describe, expect, it } from 'vitest';
import {
  bankCardProblem,
  birthDateOfId,
  driverIdProblem,
  genderOfId,
  isValidNationalId,
  luhnCheckDigit,
  nationalIdCheckCharacter,
  nationalIdProblem,
} from './identifiers';
import { rideHailingDriverResource } from './resource';

const today = new Date(2025, 0, 1);
const withDate = (date: string, sequence = '002') => {
  const first17 = `110105${date}${sequence}`;
  return first17 + nationalIdCheckCharacter(first17);
};

describe('national ID (SPEC §5)', () => {
  it('accepts the GB 11643 sample number, a lowercase x too', () => {
    expect(nationalIdCheckCharacter('11010519491231002')).toBe('X');
    expect(isValidNationalId('11010519491231002X', today)).toBe(true);
    expect(isValidNationalId('11010519491231002x', today)).toBe(true);
  });

  it('names each problem: length, characters, birth date, check digit', () => {
    expect(nationalIdProblem('11010519491231002', today)).toBe('应为18位，当前17位');
    expect(nationalIdProblem('1101051949123100AX', today)).toBe('格式不正确，应为17位数字加1位数字或X');
    expect(nationalIdProblem('01010519491231002X', today)).toBe('格式不正确，应为17位数字加1位数字或X');
    expect(nationalIdProblem(withDate('19490229'), today)).toBe('其中的出生日期不正确');
    expect(nationalIdProblem(withDate('20300101'), today)).toBe('其中的出生日期不正确');
    expect(nationalIdProblem('110105194912310021', today)).toBe('校验位不正确，请核对号码');
    expect(nationalIdProblem(withDate('20000229'), today)).toBeNull();
  });

  it('gives the birth date and the gender the number carries', () => {
    expect(birthDateOfId(withDate('19850712', '031'))).toBe('1985-07-12');
    expect(genderOfId(withDate('19850712', '031'))).toBe(1);
    expect(genderOfId(withDate('19850712', '022'))).toBe(2);
  });

  it('refuses a driver under 18', () => {
    expect(driverIdProblem(withDate('20070102'), today)).toBe('持证人未满18周岁');
    expect(driverIdProblem(withDate('20070101'), today)).toBeNull();
  });

  it('is the check a driver form and the server run: the field refuses a wrong ID with the same words', () => {
    const result = rideHailingDriverResource.fields.nationalId.input.safeParse('110105194912310021');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('校验位不正确，请核对号码');
  });
});

describe('bank card', () => {
  it('passes Luhn or says so', () => {
    const card = `622202020011223344${luhnCheckDigit('622202020011223344')}`;
    expect(bankCardProblem(card)).toBeNull();
    expect(bankCardProblem(`${card.slice(0, -1)}${(Number(card.at(-1)) + 1) % 10}`)).toBe('校验不通过，请核对卡号');
    expect(bankCardProblem('6222abc')).toBe('应为12至19位数字');
  });
});
