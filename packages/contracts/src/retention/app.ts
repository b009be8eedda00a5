import { z } from 'zod';
import { enums } from '../enums';
import { mobileProblem } from '../resource/fields';
import { idText, text } from '../values';
import { retentionSourcePage } from './enums';

/**
 * What the app's 留资 form sends (`POST /api/app/retention-leads`): who, what they want, the page of the form,
 * and the consent the form asks for — a 留资 without it is refused, never stored.
 */
export const appRetentionBody = z.strictObject({
  name: text().trim().min(1, '不能为空').max(30).meta({ title: '姓名' }),
  mobile: text()
    .refine((value) => mobileProblem(value) === null, '应为1开头的11位数字，如13800138000')
    .meta({ title: '手机号' }),
  cityId: idText.optional().meta({ title: '意向城市' }),
  modelId: idText.optional().meta({ title: '意向车型' }),
  rentalMode: enums.rentalMode.schema.optional().meta({ title: '意向租赁模式' }),
  sourcePage: retentionSourcePage.schema.meta({ title: '留资页面' }),
  consent: z.literal(true, { error: '须勾选同意平台联系后才能提交' }).meta({ title: '同意联系' }),
});

export const appRetentionAnswer = z
  .object({
    id: idText.meta({ title: '留资编号' }),
    repeated: z.boolean().meta({ title: '是否重复提交（计入已有留资）' }),
  })
  .meta({ id: 'AppRetentionAnswer' });
