import { z } from 'zod';
import { defineEnum } from '../enums';
import { leadEnums } from '../leads/enums';
import { fields, mobileProblem } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { idText, text } from '../values';

export const templateStatus = defineEnum(
  '状态',
  [
    [0, '草稿'],
    [1, '待审核'],
    [2, '已启用'],
    [3, '已停用'],
  ],
  { status: true },
);

/**
 * A poster template is drafted, submitted for review, approved (启用 for the first time) by a holder of 启用
 * other than the one who submitted it, then 停用 / 启用 at will. Only an enabled template takes new QR codes;
 * one in use or enabled is never deleted.
 */
export const templateLifecycle = defineLifecycle({
  field: 'status',
  states: templateStatus,
  removable: [0, 1, 3],
  // Under review or printing posters, a template stays as it is; an edit of a stopped one goes back to 草稿.
  editable: [0, 3],
  transitions: [
    {
      action: 'submit',
      from: [0],
      to: 1,
      button: 'templateManagement:submit',
      confirm: '提交后模板进入待审核，审核通过即可用于生成二维码。',
    },
    {
      action: 'approve',
      from: [1],
      to: 2,
      button: 'templateManagement:enable',
      title: '审核通过',
      confirm: '审核通过后模板立即启用，可用于生成二维码。',
    },
    {
      action: 'reject',
      from: [1],
      to: 0,
      button: 'templateManagement:enable',
      title: '驳回',
      body: z.strictObject({
        reason: text().trim().min(1, '不能为空').max(200).meta({ title: '驳回原因' }),
      }),
    },
    {
      action: 'disable',
      from: [2],
      to: 3,
      button: 'templateManagement:disable',
      confirm: '停用后不能再用该模板生成二维码，已生成的二维码不受影响。',
    },
    {
      action: 'enable',
      from: [3],
      to: 2,
      button: 'templateManagement:enable',
      confirm: '启用后可用该模板生成二维码。',
    },
  ],
});

const colourProblem = (value: string) => (/^#[0-9A-Fa-f]{6}$/.test(value) ? null : '应为“#RRGGBB”形式，如“#FFFFFF”');
const pixels = (title: string, options: Parameters<typeof fields.integer>[1] = {}) =>
  fields.integer(title, { max: 10_000, list: false, ...options });

/** 海报模板: a background image with the QR code's box and a line of text drawn on it, in the image's pixels. */
export const qrTemplateResource = defineResource({
  key: 'qrTemplate',
  title: '模板',
  page: 'templateManagement',
  endpoint: '/api/qr-templates',
  identity: 'name',
  lifecycle: templateLifecycle,
  defaultSort: { field: 'updatedAt', order: 'desc' },
  fields: {
    name: fields.text('模板名称', { required: true, max: 30, filter: 'like', sortable: true, unique: true }),
    background: fields.files('背景图', { max: 1, accept: ['png', 'jpg', 'jpeg'], maxSizeMb: 5 }),
    backgroundWidth: pixels('背景宽度（像素）', { form: false }),
    backgroundHeight: pixels('背景高度（像素）', { form: false }),
    qrX: pixels('二维码左边距（像素）', { required: true }),
    qrY: pixels('二维码上边距（像素）', { required: true }),
    qrSize: pixels('二维码边长（像素）', { required: true, min: 60, max: 4000 }),
    caption: fields.text('文案', { max: 40, hint: '印在海报上的一行文字，如“扫码报名，立享首月租金减免”' }),
    captionX: pixels('文案左边距（像素）'),
    captionY: pixels('文案上边距（像素）'),
    captionSize: pixels('文案字号（像素）', { min: 12, max: 400 }),
    captionColor: fields.text('文案颜色', { max: 7, check: colourProblem, list: false, hint: '如“#FFFFFF”' }),
    status: fields.enumOf(templateStatus, { form: false, filter: 'eq' }),
    reviewNote: fields.text('审核意见', { form: false, list: false, max: 200 }),
    qrCodeCount: fields.integer('二维码数量', { form: false }),
    remark: fields.text('备注', { max: 500, list: false }),
    createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
    updatedAt: fields.datetime('更新时间', { form: false, sortable: true }),
  },
});

/** 二维码: a sign-up link of one channel and salesperson, printed on an enabled template; scans and sign-ups counted. */
export const qrCodeResource = defineResource({
  key: 'qrCode',
  title: '二维码',
  page: 'qrcodeManagement',
  endpoint: '/api/qr-codes',
  identity: 'name',
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    name: fields.text('二维码名称', { required: true, max: 30, filter: 'like', hint: '如“朝阳大悦城地推-张伟”' }),
    code: fields.text('二维码编码', { form: false, filter: 'eq', unique: true }),
    channelId: fields.ref('渠道', 'channel', { required: true, filter: 'eq' }),
    salespersonId: fields.ref('业务员', 'user', { required: true, filter: 'eq' }),
    templateId: fields.ref('海报模板', 'qrTemplate', { required: true, filter: 'eq' }),
    signUpUrl: fields.text('报名链接', { form: false, list: false, max: 300 }),
    scanCount: fields.integer('扫码次数', { form: false, sortable: true }),
    signUpCount: fields.integer('报名人数', { form: false, sortable: true }),
    lastScannedAt: fields.datetime('最近扫码时间', { form: false, sortable: true }),
    remark: fields.text('备注', { max: 200, list: false }),
    createdAt: fields.datetime('创建时间', { form: false, sortable: true, filter: 'range' }),
  },
});

export const qrTemplateScreens = {
  templateManagement: defineScreen(qrTemplateResource, {
    route: 'templateManagement',
    key: ['status', 'qrCodeCount'],
    tabs: { field: 'status', all: true, items: [{ values: [0] }, { values: [1] }, { values: [2] }, { values: [3] }] },
    actions: ['submit', 'approve', 'reject', 'enable', 'disable'],
  }),
};

export const qrCodeScreens = {
  qrcodeManagement: defineScreen(qrCodeResource, {
    route: 'qrcodeManagement',
    key: ['channelId', 'salespersonId', 'scanCount', 'signUpCount'],
  }),
};

/** What the public scan endpoint answers the sign-up page: nothing of the branch company behind the code. */
export const qrScanResult = z
  .object({ code: text(), valid: z.boolean() })
  .meta({ id: 'QrScanResult', title: '扫码结果' });

/**
 * 扫码报名: what the public sign-up page sends once a visitor fills it in — the code of the QR code they
 * scanned, their name and mobile, and optionally their city and the business they want.
 */
export const qrSignUpBody = z.strictObject({
  code: text().trim().min(1, '不能为空').max(32).meta({ title: '二维码编码' }),
  contactName: text().trim().min(1, '不能为空').max(30).meta({ title: '姓名' }),
  mobile: text()
    .trim()
    .refine((value) => mobileProblem(value) === null, { message: '应为1开头的11位数字，如13800138000' })
    .meta({ title: '手机号' }),
  cityId: idText.nullable().optional().meta({ title: '城市' }),
  business: leadEnums.business.schema.optional().meta({ title: '意向业务' }),
});

/** The sign-up page's answer: the same whether the visitor is new or had signed up before. */
export const qrSignUpResult = z
  .object({ signedUp: z.boolean(), message: text() })
  .meta({ id: 'QrSignUpResult', title: '报名结果' });
