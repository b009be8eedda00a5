import { describe, expect, it } from 'vitest';
import type { EnumDef } from './enums';
import * as contracts from './index';
import { toneOf } from './tones';

type AnyEnum = EnumDef<number>;
const isEnum = (value: unknown): value is AnyEnum =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as AnyEnum).options) &&
  typeof (value as AnyEnum).label === 'function' &&
  typeof (value as AnyEnum).title === 'string';

/**
 * Every enumeration the contracts declare, wherever it is reachable from their exports (on its own, in a
 * resource's fields, as a lifecycle's states), with whether it is a lifecycle's states.
 */
function declaredEnums() {
  const found = new Map<AnyEnum, { where: string; lifecycle: boolean }>();
  const seen = new Set<unknown>();
  const walk = (value: unknown, where: string, depth: number) => {
    if (typeof value !== 'object' || value === null || depth > 6) return;
    if (isEnum(value)) {
      const lifecycle = where.endsWith('.states');
      const known = found.get(value);
      found.set(value, { where: known?.where ?? where, lifecycle: lifecycle || (known?.lifecycle ?? false) });
      return;
    }
    if (seen.has(value)) return;
    seen.add(value);
    for (const [key, inner] of Object.entries(value)) walk(inner, `${where}.${key}`, depth + 1);
  };
  for (const [name, value] of Object.entries(contracts)) walk(value, name, 0);
  return [...found].map(([def, info]) => ({ def, ...info }));
}

describe('status tones', () => {
  const all = declaredEnums();
  const statuses = all.filter(({ def }) => def.status);

  it('finds the contracts’ enumerations, statuses among them', () => {
    expect(all.length).toBeGreaterThan(80);
    expect(statuses.length).toBeGreaterThan(40);
  });

  it('marks every lifecycle’s states and every enumeration titled …状态 or …结果 as a status', () => {
    const unmarked = all
      .filter(({ def, lifecycle }) => lifecycle || /状态|结果$/.test(def.title))
      .filter(({ def }) => !def.status)
      .map(({ def, where }) => `${where}（${def.title}）`);
    expect(unmarked).toEqual([]);
  });

  it('gives every value of every status enumeration a tone', () => {
    const toneless = statuses.flatMap(({ def, where }) =>
      def.options.filter((option) => def.tone(option.value) === undefined).map((option) => `${where}：${option.label}`),
    );
    expect(toneless).toEqual([]);
  });

  it('gives the same word the same tone in every section', () => {
    const tones = new Map<string, Set<string>>();
    for (const { def } of statuses) {
      for (const option of def.options) {
        const set = tones.get(option.label) ?? new Set<string>();
        set.add(String(def.tone(option.value)));
        tones.set(option.label, set);
      }
    }
    const mixed = [...tones].filter(([, set]) => set.size > 1).map(([word]) => word);
    expect(mixed).toEqual([]);
    expect(['已驳回', '驳回'].map(toneOf)).toEqual(['danger', 'danger']);
    expect(['已通过', '通过', '已结清', '已收款'].map(toneOf)).toEqual(['success', 'success', 'success', 'success']);
    expect([toneOf('逾期'), toneOf('审批中'), toneOf('待收款'), toneOf('已作废'), toneOf('已取消')]).toEqual([
      'danger',
      'active',
      'waiting',
      'closed',
      'closed',
    ]);
  });

  it('leaves other enumerations without tones', () => {
    expect(contracts.enums.rentalMode.status).toBe(false);
    expect(contracts.enums.rentalMode.tone(0)).toBeUndefined();
  });
});
