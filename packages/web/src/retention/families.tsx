import {
  allianceFollowUpResource,
  allianceFollowUpScreens,
  alliancePartnerResource,
  alliancePartnerScreens,
  allianceRetentionResource,
  allianceRetentionScreens,
  retentionFollowUpBody,
  retentionFollowUpResource,
  retentionFollowUpScreens,
  retentionResource,
  retentionScreens,
} from '@cp/contracts';
import { Flex } from 'antd';
import { BodyFields } from '../resource/BodyFields';
import { defineFamily, type WebFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';
import { RelatedRecords } from '../resource/RelatedList';
import type { ResourceRecord } from '../resource/types';

/** The follow-up page shows the 留资's follow-ups so far above the new one's form. */
function FollowUpFields({ family, record }: { family: WebFamily; record: ResourceRecord | undefined }) {
  return (
    <Flex vertical gap={16}>
      {record ? <RelatedRecords family={family} parent={record} /> : null}
      <BodyFields schema={retentionFollowUpBody} resource={family.resource} row={record} />
    </Flex>
  );
}

const RetentionFollowUpFields = ({ record }: { record?: ResourceRecord | undefined }) => (
  <FollowUpFields family={retentionFamily} record={record} />
);
const AllianceFollowUpFields = ({ record }: { record?: ResourceRecord | undefined }) => (
  <FollowUpFields family={allianceFamily} record={record} />
);

const person = { title: '留资人', fields: ['contactName', 'mobile', 'cityId', 'modelId', 'rentalMode'] };
const work = {
  title: '跟进与转化',
  fields: [
    'status',
    'linked',
    'linkedDriverId',
    'followUpCount',
    'lastFollowedAt',
    'lastResult',
    'nextFollowUpDate',
    'convertedTo',
    'convertedAt',
    'invalidReason',
    'remark',
  ],
};
const driverLinks = () => ({ linkedDriverId: 'ridehailingDriversDetails' });

const retentionFollowUpFamily = defineFamily({
  resource: retentionFollowUpResource,
  screens: retentionFollowUpScreens,
});
const allianceFollowUpFamily = defineFamily({ resource: allianceFollowUpResource, screens: allianceFollowUpScreens });

/** 留资管理: 新增留资 and 留资跟进 are pages of their own; 转为线索, 关联司机 and 无效 are dialogs. */
const retentionFamily: WebFamily = defineFamily({
  resource: retentionResource,
  screens: retentionScreens,
  routes: { add: 'carRetentionAdd' },
  actionPages: { followUp: 'carRetentionFollowUp' },
  actionFields: { followUp: { Fields: RetentionFollowUpFields } },
  groups: [
    person,
    { title: '来源', fields: ['source', 'sourcePage', 'consent', 'firstTouchAt', 'submitCount', 'lastSubmittedAt'] },
    work,
  ],
  related: () => [{ family: retentionFollowUpFamily, screen: 'retentionFollowUps', via: 'leadId' }],
  refLinks: driverLinks,
});

const partnerFamily = defineFamily({ resource: alliancePartnerResource, screens: alliancePartnerScreens });

/** 联盟留资 and its 合作方 view: the partner's report, its protection period, the conversion's attribution. */
const allianceFamily: WebFamily = defineFamily({
  resource: allianceRetentionResource,
  screens: allianceRetentionScreens,
  routes: { add: 'carRetentionAllianceAdd' },
  actionPages: { followUp: 'carRetentionAllianceFollowUp' },
  actionFields: { followUp: { Fields: AllianceFollowUpFields } },
  groups: [
    person,
    { title: '合作方报备', fields: ['partnerId', 'partnerStaff', 'firstTouchAt', 'protectedUntil', 'partnerCredited'] },
    work,
  ],
  related: () => [{ family: allianceFollowUpFamily, screen: 'allianceFollowUps', via: 'leadId' }],
  refLinks: driverLinks,
});

export const { families, keys, page, prefetch } = familyModule([
  retentionFamily,
  retentionFollowUpFamily,
  allianceFamily,
  allianceFollowUpFamily,
  partnerFamily,
]);
