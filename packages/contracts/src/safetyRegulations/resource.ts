import { z } from 'zod';
import { defineEnum } from '../enums';
import { fields } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { text } from '../values';

const page = 'safetySystem';

export const safetyRegulationEnums = {
  category: defineEnum('制度类别', [
    [1, '责任制'],
    [2, '培训'],
    [3, '事故处理'],
    [4, '应急预案'],
    [5, '车辆安全'],
    [9, '其他'],
  ]),
  /** Where a version stands today (Beijing): computed from the days and the versions after it, never stored. */
  status: defineEnum(
    '制度状态',
    [
      [0, '待生效'],
      [1, '生效'],
      [2, '废止'],
    ],
    { status: true },
  ),
  /** Whether a version was withdrawn by hand (废止 without a new version). */
  validity: defineEnum(
    '有效性',
    [
      [1, '有效'],
      [0, '无效'],
    ],
    { status: true },
  ),
};

export const safetyRegulationLifecycle = defineLifecycle({
  field: 'validity',
  states: safetyRegulationEnums.validity,
  editable: [1],
  transitions: [
    {
      action: 'repeal',
      from: [1],
      to: 0,
      button: `${page}:repeal`,
      body: z.strictObject({ reason: text().trim().min(1, '不能为空').max(200).meta({ title: '废止原因' }) }),
    },
  ],
});

/**
 * 安全制度: each row is one version of a 制度, the 制度 being its title. A version is 待生效 before its
 * effective date, then 生效 until a later version's effective date comes (it is then 废止: read so, no job
 * needed, so a version is never shown 生效 a day late) or it is withdrawn by hand (废止 with a reason). Versions
 * of one 制度 take effect on different days, each later than the last, so two are never 生效 at once. A
 * version in force keeps its name, version, day and file (its department, category or summary may be
 * corrected) and is not deleted: a revision is a new version.
 */
export const safetyRegulationResource = defineResource({
  key: 'safetyRegulation',
  title: '安全制度',
  page,
  endpoint: '/api/safety-regulations',
  identity: 'title',
  lifecycle: safetyRegulationLifecycle,
  defaultSort: { field: 'effectiveDate', order: 'desc' },
  fields: {
    title: fields.text('制度名称', {
      required: true,
      max: 100,
      filter: 'like',
      hint: '新版本请填写与现行版本相同的名称',
    }),
    category: fields.enumOf(safetyRegulationEnums.category, { required: true, filter: 'eq' }),
    edition: fields.text('制度版本', { required: true, max: 20, hint: '如：V2.0、2026版' }),
    department: fields.text('发文部门', { required: true, max: 50 }),
    effectiveDate: fields.date('生效日期', { required: true, filter: 'range', sortable: true }),
    status: fields.enumOf(safetyRegulationEnums.status, { form: false, filter: 'eq' }),
    endsOn: fields.date('废止日期', { form: false }),
    file: fields.files('制度文件', { required: true, max: 1, accept: ['pdf'], maxSizeMb: 20 }),
    summary: fields.text('制度摘要', { max: 500, list: false }),
    validity: fields.enumOf(safetyRegulationEnums.validity, { form: false, list: false }),
    repealReason: fields.text('废止原因', { form: false, list: false }),
    repealedOn: fields.date('手动废止日期', { form: false, list: false }),
    createdAt: fields.datetime('创建时间', { form: false, list: false }),
  },
});

export const safetyRegulationScreens = {
  safetySystem: defineScreen(safetyRegulationResource, { route: page, actions: ['repeal'] }),
};
