import { describe, expect, it } from 'vitest';
import { plateKind, plateProblem, vinCheckDigit, vinProblem } from './identifiers';

describe('plate numbers', () => {
  it('accepts regular and new-energy plates', () => {
    expect(plateKind('京A12345')).toBe('regular');
    expect(plateKind('沪B2C3D4')).toBe('regular');
    expect(plateKind('京AD12345')).toBe('newEnergy');
    expect(plateKind('粤BFA1234')).toBe('newEnergy');
    expect(plateKind('苏E12345D')).toBe('newEnergy');
  });

  it('names what is wrong', () => {
    expect(plateProblem('京A1234')).toBe('车牌号应为7位（新能源8位）');
    expect(plateProblem('AA12345')).toBe('车牌号应以省份简称开头');
    expect(plateProblem('京AI2345')).toBe('车牌号格式不正确');
    expect(plateProblem('京AX12345')).toBe('新能源车牌格式不正确');
    expect(plateProblem('京A12345')).toBeNull();
  });
});

describe('VIN', () => {
  it('computes the position-9 check digit, including X', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(vinCheckDigit('11111111111111111')).toBe('1');
  });

  it('accepts a VIN whose check digit matches', () => {
    expect(vinProblem('1M8GDM9AXKP042788')).toBeNull();
  });

  it('names what is wrong', () => {
    expect(vinProblem('1M8GDM9AXKP04278')).toBe('车架号应为17位');
    expect(vinProblem('1M8GDM9AXKP04278O')).toBe('车架号不能包含字母I、O、Q');
    expect(vinProblem('1m8GDM9AXKP042788')).toBe('车架号只能包含数字和大写字母');
    expect(vinProblem('1M8GDM9A1KP042788')).toBe('车架号校验位（第9位）不正确');
  });
});
