/**
 * Money is integer fen in the database and the API, and people read and type it in yuan. A money field or
 * body field (`fields.money`, `moneyAmount`) is titled without a unit (`押金`), so the messages naming it
 * hold for both; the kind says the unit. A form or an import sheet asks for `押金（元）`, a column or a
 * detail shows `¥1,234.56`, an export writes a number in yuan with the ¥ format, the OpenAPI document
 * says fen, and an amount owed the other way reads in words (`应退 ¥4,030.00`), never as a minus sign.
 */

/** How a form or an import sheet asks for an amount: in yuan (`押金` → `押金（元）`). */
export const titleInYuan = (title: string) => (title.endsWith('（元）') ? title : `${title}（元）`);

/**
 * How a signed amount reads when it is negative: a settlement's balance owed to the driver is `应退`, an
 * exchange's lower rent `减收`. Without one, a negative amount reads `-¥…`.
 */
export interface MoneyPresentation {
  negativeAs?: string;
}

/** A balance owed either way: positive is owed by the customer, negative owed to them. */
export const balance: MoneyPresentation = { negativeAs: '应退' };

const yuanFormat = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount kept in fen as people read it in yuan: 123456 → `1,234.56` (no sign handling, no ¥). */
export function yuanText(fen: number): string {
  return yuanFormat.format(fen / 100);
}

/**
 * An amount in fen as the console shows it: `¥1,234.56`; a negative one `-¥1,234.56`, or in the words its
 * presentation gives (`应退 ¥4,030.00`).
 */
export function formatYuan(fen: number, presentation: MoneyPresentation = {}): string {
  const amount = `¥${yuanText(Math.abs(fen))}`;
  if (fen >= 0) return amount;
  return presentation.negativeAs ? `${presentation.negativeAs} ${amount}` : `-${amount}`;
}
