import { describe, expect, it } from 'vitest';
import { plateKind, plateProblem, vinCheckDigit, vinProblem } from './identifiers';
import { maintenanceResource, violationResource } from './records';
import { vehicleResource } from './resource';

describe('plate numbers', () => {
  it('accepts regular and new-energy plates', () => {
    expect(plateKind('京A12345')).toBe('regular');
    expect(plateKind('沪B2C3D4')).toBe('regular');
    expect(plateKind('京AD12345')).toBe('newEnergy');
    expect(plateKind('粤BFA1234')).toBe('newEnergy');
    expect(plateKind('苏E12345D')).toBe('newEnergy');
  });

  it('says what is wrong and how a plate is written, without repeating the field title', () => {
    expect(plateProblem('京A1234')).toBe('应为7位，如“京A12345”；新能源8位，如“京AD12345”');
    expect(plateProblem('AA12345')).toBe('应以省份简称开头，如“京A12345”');
    expect(plateProblem('京AI2345')).toBe('不能包含字母I、O（易与数字1、0混淆）');
    expect(plateProblem('京A1234-')).toBe('格式不正确，应为“京A12345”，新能源“京AD12345”');
    expect(plateProblem('京AX12345')).toBe('新能源车牌应为“京AD12345”或“京A12345D”');
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

  it('says what is wrong and what a VIN is, without repeating the field title', () => {
    expect(vinProblem('1M8GDM9AXKP04278')).toBe('应为17位（数字和大写字母），当前16位');
    expect(vinProblem('1M8GDM9AXKP04278O')).toBe('不能包含字母I、O、Q');
    expect(vinProblem('1m8GDM9AXKP042788')).toBe('只能包含数字和大写字母');
    expect(vinProblem('1M8GDM9A1KP042788')).toBe('校验位（第9位）与其他位不符，请逐位核对');
  });
});

describe('import template examples', () => {
  it('every text example passes the check of its own field, so a copied example imports', () => {
    const resources = [vehicleResource, violationResource, maintenanceResource];
    for (const resource of resources) {
      for (const { name, def } of resource.importColumns) {
        const example = def.import?.example;
        if (def.kind !== 'text' || !example) continue;
        expect(def.input.safeParse(example).error?.issues[0]?.message, `${resource.key}.${name}`).toBeUndefined();
      }
    }
    expect(vinProblem(String(vehicleResource.fields.vin.import?.example))).toBeNull();
  });
});
