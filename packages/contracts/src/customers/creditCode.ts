/**
 * GB 32100-2015 统一社会信用代码: 18 characters from 0-9 and the capitals without I, O, S, V, Z; the 3rd to
 * 8th are the administrative division's digits; the 18th is the check character of the first 17.
 */
const characters = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character of the first 17 characters of a credit code. */
export function creditCodeCheckCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += characters.indexOf(first17[i] ?? '') * (weights[i] ?? 0);
  return characters[(31 - (sum % 31)) % 31] ?? '';
}

/** What is wrong with a credit code (as the form and the server word it), or null; lower case is taken. */
export function creditCodeProblem(value: string): string | null {
  const code = value.trim().toUpperCase();
  if (code.length !== 18) return '应为18位，如“91110108MA01A2B3C4”';
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) {
    return '含有无效字符：只能是数字和除I、O、S、V、Z以外的大写字母，第3-8位为行政区划数字';
  }
  if (creditCodeCheckCharacter(code) !== code[17]) return '校验位不正确，请核对营业执照上的代码';
  return null;
}
