/** GB 11643-1999: weights of the first 17 digits, and the check character for each sum modulo 11. */
const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const checkCharacters = '10X98765432';

export function nationalIdCheckCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (weights[i] ?? 0);
  return checkCharacters[sum % 11] ?? '';
}

/** The birth date an ID number carries (`19800101` → `1980-01-01`), unchecked. */
export function birthDateOfId(id: string): string {
  return `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
}

/** 1 男 for an odd 17th digit, 2 女 for an even one (GB 11643). */
export function genderOfId(id: string): 1 | 2 {
  return Number(id[16]) % 2 === 1 ? 1 : 2;
}

function isPastBirthDate(yyyymmdd: string, today: Date): boolean {
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  const date = new Date(year, month - 1, day);
  const isCalendarDate = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return isCalendarDate && year >= 1900 && date.getTime() <= today.getTime();
}

/**
 * Why an 18-character national ID number (SPEC §5) is not valid, or null when it is; a lowercase x is
 * accepted. The words follow the field's title (`身份证号：校验位不正确`): the server's schema and the web
 * form both say them.
 */
export function nationalIdProblem(value: string, today: Date = new Date()): string | null {
  const id = value.trim().toUpperCase();
  if (id.length !== 18) return `应为18位，当前${id.length}位`;
  if (!/^[1-9]\d{16}[\dX]$/.test(id)) return '格式不正确，应为17位数字加1位数字或X';
  if (!isPastBirthDate(id.slice(6, 14), today)) return '其中的出生日期不正确';
  if (nationalIdCheckCharacter(id) !== id[17]) return '校验位不正确，请核对号码';
  return null;
}

export function isValidNationalId(value: string, today?: Date): boolean {
  return nationalIdProblem(value, today) === null;
}

/** Whether someone born on `birthDate` (YYYY-MM-DD) is 18 on `today`. */
export function isAdultOn(birthDate: string, today: Date = new Date()): boolean {
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  const eighteenth = new Date(year + 18, month - 1, day);
  return eighteenth.getTime() <= today.getTime();
}

/** A driver's ID: valid and of someone at least 18 (a driving licence needs it). */
export function driverIdProblem(value: string, today: Date = new Date()): string | null {
  const problem = nationalIdProblem(value, today);
  if (problem) return problem;
  return isAdultOn(birthDateOfId(value.trim()), today) ? null : '持证人未满18周岁';
}

/** Why a mainland mobile number is not valid, or null. */
export function mobileProblem(value: string): string | null {
  return /^1[3-9]\d{9}$/.test(value) ? null : '应为11位手机号，如13812345678';
}

/** The Luhn check every UnionPay debit card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Why a bank card number (12–19 digits, Luhn) is not valid, or null. */
export function bankCardProblem(value: string): string | null {
  if (!/^\d{12,19}$/.test(value)) return '应为12至19位数字';
  return passesLuhn(value) ? null : '校验不通过，请核对卡号';
}

/** The digit that completes `body` so that it passes Luhn (demo data and tests make card numbers with it). */
export function luhnCheckDigit(body: string): string {
  for (let digit = 0; digit <= 9; digit++) if (passesLuhn(`${body}${digit}`)) return String(digit);
  return '0';
}
