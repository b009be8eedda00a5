import type { FormRule } from 'antd';

/** GB 11643-1999: weights of the first 17 digits, and the check character for each sum modulo 11. */
const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const checkCharacters = '10X98765432';

export type NationalIdProblem = 'length' | 'format' | 'birthDate' | 'checkDigit';

export const nationalIdMessages: Record<NationalIdProblem, string> = {
  length: '身份证号必须为18位',
  format: '身份证号格式不正确',
  birthDate: '身份证号中的出生日期不正确',
  checkDigit: '身份证号校验位不正确',
};

export function nationalIdCheckCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (weights[i] ?? 0);
  return checkCharacters[sum % 11] ?? '';
}

function isValidBirthDate(yyyymmdd: string, today: Date): boolean {
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  const date = new Date(year, month - 1, day);
  const isCalendarDate = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return isCalendarDate && year >= 1900 && date.getTime() <= today.getTime();
}

/** The first problem of an 18-character national ID number, or null when it is valid. A lowercase x is accepted. */
export function nationalIdProblem(value: string, today: Date = new Date()): NationalIdProblem | null {
  const id = value.trim().toUpperCase();
  if (id.length !== 18) return 'length';
  if (!/^[1-9]\d{16}[\dX]$/.test(id)) return 'format';
  if (!isValidBirthDate(id.slice(6, 14), today)) return 'birthDate';
  if (nationalIdCheckCharacter(id) !== id[17]) return 'checkDigit';
  return null;
}

export function isValidNationalId(value: string, today?: Date): boolean {
  return nationalIdProblem(value, today) === null;
}

/** antd Form rule; an empty value passes so that `required` gives its own message. */
export const nationalIdRule: FormRule = {
  validator: async (_rule, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    const problem = nationalIdProblem(String(value));
    if (problem) throw new Error(nationalIdMessages[problem]);
  },
};
