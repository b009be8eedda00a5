/**
 * Personal numbers the API sends masked (SPEC: 个人信息): an ID card's (身份证号, and a driving licence
 * numbered by it), a bank card's, and a mobile number where a list of people who are not yet customers shows it
 * (上车计划's leads: `138****5678`). Whole values go only to roles holding the page's `…:viewSensitive`
 * button, one audited request at a time.
 */
export type SensitiveKind = 'idCard' | 'bankCard' | 'mobile';

const hidden = (length: number) => '*'.repeat(Math.max(length, 1));

/** `1101**********1234` / `6222 **** **** 1234` / `138****5678`: what a value reads as where it is masked. */
export function maskSensitive(kind: SensitiveKind, value: string): string {
  const compact = value.replaceAll(' ', '');
  if (compact === '') return '';
  if (kind === 'mobile')
    return compact.length === 11 ? `${compact.slice(0, 3)}****${compact.slice(-4)}` : hidden(compact.length);
  if (compact.length <= 8) return hidden(compact.length);
  const [head, tail] = [compact.slice(0, 4), compact.slice(-4)];
  return kind === 'bankCard' ? `${head} **** **** ${tail}` : `${head}${hidden(compact.length - 8)}${tail}`;
}

const maskedShapes: Record<SensitiveKind, RegExp> = {
  idCard: /^(?:[0-9A-Za-z]{4}\*+[0-9A-Za-z]{4}|\*+)$/,
  bankCard: /^(?:\d{4} \*{4} \*{4} \d{4}|\*+)$/,
  mobile: /^(?:\d{3}\*{4}\d{4}|\*+)$/,
};

/** Whether a value has the shape `maskSensitive` gives: sent back from a form or a prefilled dialog unchanged. */
export function isMaskedValue(kind: SensitiveKind, value: unknown): value is string {
  return typeof value === 'string' && maskedShapes[kind].test(value);
}

/** The button that shows a page's sensitive values whole. */
export const viewSensitiveAction = 'viewSensitive';
