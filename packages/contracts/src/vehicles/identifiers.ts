/** Province abbreviations that open a Chinese plate. */
const provinces = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
/** Plate letters exclude I and O, which read as 1 and 0. */
const letter = 'A-HJ-NP-Z';

const regularPlate = new RegExp(`^[${provinces}][${letter}][${letter}0-9]{4}[${letter}0-9挂学警]$`);
/** New-energy plates (GA 36-2018): small cars D/F then five, large cars five then D/F. */
const newEnergyPlate = new RegExp(`^[${provinces}][${letter}](?:[DF][${letter}0-9][0-9]{4}|[0-9]{5}[DF])$`);

export type PlateKind = 'regular' | 'newEnergy';

export function plateKind(plate: string): PlateKind | null {
  if (newEnergyPlate.test(plate)) return 'newEnergy';
  if (regularPlate.test(plate)) return 'regular';
  return null;
}

/** How a plate is written, for messages: what the form shows under the field. */
export const plateExample = '应为“京A12345”，新能源“京AD12345”';

/**
 * Why a plate number is not valid, or null when it is. The words follow the field's title (`车牌号：…`), so
 * they never repeat it, and they say what is expected.
 */
export function plateProblem(plate: string): string | null {
  if (plate.length !== 7 && plate.length !== 8) return '应为7位，如“京A12345”；新能源8位，如“京AD12345”';
  if (!provinces.includes(plate[0] ?? '')) return '应以省份简称开头，如“京A12345”';
  if (plateKind(plate)) return null;
  if (/[IO]/.test(plate.slice(1))) return '不能包含字母I、O（易与数字1、0混淆）';
  return plate.length === 8 ? '新能源车牌应为“京AD12345”或“京A12345D”' : `格式不正确，${plateExample}`;
}

const vinAlphabet = /^[A-HJ-NPR-Z0-9]{17}$/;
const transliteration: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The check digit (position 9) a VIN's other characters call for (GB 16735 / ISO 3779). */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const char = vin[i] ?? '0';
    const value = /[0-9]/.test(char) ? Number(char) : (transliteration[char] ?? 0);
    sum += value * (weights[i] ?? 0);
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** Why a VIN is not valid, or null when it is; worded, like a plate's, to follow the field's title. */
export function vinProblem(vin: string): string | null {
  if (vin.length !== 17) return `应为17位（数字和大写字母），当前${vin.length}位`;
  if (/[IOQ]/.test(vin)) return '不能包含字母I、O、Q';
  if (!vinAlphabet.test(vin)) return '只能包含数字和大写字母';
  if (vin[8] !== vinCheckDigit(vin)) return '校验位（第9位）与其他位不符，请逐位核对';
  return null;
}
