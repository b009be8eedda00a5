import { z } from 'zod';
import { text } from '../values';

const columnName = text()
  .regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/, '列名无效')
  .meta({ title: '列' });

/**
 * How a user arranged the columns of one list (列设置), kept per user and screen on the server: the order
 * they chose and the columns they hid. Columns the screen gained since keep their default place.
 */
export const listColumnsPreference = z.strictObject({
  order: z.array(columnName).max(100).meta({ title: '列顺序' }),
  hidden: z.array(columnName).max(100).meta({ title: '隐藏的列' }),
});
export type ListColumnsPreference = z.infer<typeof listColumnsPreference>;
