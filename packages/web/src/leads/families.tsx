import {
  invalidRuleResource,
  invalidRuleScreens,
  leadEventResource,
  leadEventScreens,
  leadImportScreens,
  leadImports,
  leadResource,
  leadScreens,
  leadStatus,
} from '@cp/contracts';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import type { ResourceRecord } from '../resource';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';
import { pageLink } from '../resource/routes';
import { activateFields } from './actionFields';
import { LeadUpload } from './LeadUpload';

const followed: readonly number[] = [leadStatus.allocated, leadStatus.followingUp];

/** 跟进 on a lead's row opens its follow-up page (the form beside its follow-ups), while it is being worked. */
function FollowUpLink({ record, title }: { record?: ResourceRecord; title: string }) {
  const navigate = useNavigate();
  if (!record || !followed.includes(Number(record.status))) return null;
  return (
    <Button type="link" size="small" onClick={() => navigate(pageLink('threadDeatailsFollowUp', record.id))}>
      {title}
    </Button>
  );
}

/** 线索明细: tabs by state, 分配 (also on selected rows), 跟进 on its own page, 激活 into a customer, 无效. */
export const leadFamily = defineFamily({
  resource: leadResource,
  screens: leadScreens,
  groups: [
    { title: '联系人', fields: ['contactName', 'mobile', 'cityId', 'channelId'] },
    { title: '意向', fields: ['business', 'customerKind', 'remark'] },
    // Written by its steps, never typed: the detail shows where the lead stands and what it became.
    {
      title: '跟进与结果',
      fields: ['status', 'salespersonId', 'intentionLevel', 'activatedKind', 'activatedCustomer', 'invalidReason'],
    },
  ],
  actionFields: { activate: activateFields },
  controls: { threadDeatails: [{ button: 'threadDeatails:followUp', place: 'row', render: FollowUpLink }] },
});

/** 线索日志: every event of the leads, or of one (`?leadId=`). */
export const leadEventFamily = defineFamily({ resource: leadEventResource, screens: leadEventScreens });

/** 无效线索配置: the rules, one per kind. */
export const invalidRuleFamily = defineFamily({
  resource: invalidRuleResource,
  screens: invalidRuleScreens,
  groups: [
    { title: '规则', fields: ['name', 'kind', 'enabled', 'remark'] },
    { title: '参数（按规则类型填写）', fields: ['days', 'times', 'cityIds', 'mobiles'] },
  ],
});

/** 上传日志: the batches of leads uploaded (导入 uploads more), 详情 opening a batch's rows on 上传日志详情. */
export const leadImportFamily = defineFamily({
  resource: leadImports.batches,
  screens: { upLoadLog: leadImportScreens.batches },
  routes: { detail: 'uploadLogDetail', detailBy: 'batchId' },
  controls: { upLoadLog: [{ button: 'upLoadLog:import', place: 'toolbar', render: LeadUpload }] },
});

/** 上传日志详情 (`?batchId=`): what became of each row of a batch. */
export const leadImportRowFamily = defineFamily({
  resource: leadImports.rows,
  screens: { uploadLogDetail: leadImportScreens.rows },
});

export const { families, keys, page, prefetch } = familyModule([
  leadFamily,
  leadEventFamily,
  invalidRuleFamily,
  leadImportFamily,
  leadImportRowFamily,
]);
