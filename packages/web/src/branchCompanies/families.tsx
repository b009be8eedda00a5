import { companyAppKeyResource, companyResource, companyScreens } from '@cp/contracts';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';
import { CompanyCreated, IssuedAppKey } from './issued';

/** APP凭证 on 公司详情: 新增 issues a key and 轮换 another, each secret shown once; 停用 stops one. */
const appKeyFamily = defineFamily({
  resource: companyAppKeyResource,
  screens: { companyAppKeys: companyScreens.appKeys },
  created: IssuedAppKey,
  results: { rotate: IssuedAppKey },
});

/** 公司运营配置 with 新增公司, 公司详情 (its app keys and change log) and 编辑公司. */
const companyFamily = defineFamily({
  resource: companyResource,
  screens: { 'company-operation': companyScreens['company-operation'] },
  routes: { add: 'company-operation.add', edit: 'company-operation.edit', detail: 'company-operation.detail' },
  created: CompanyCreated,
  groups: [
    {
      title: '公司信息',
      fields: ['shortName', 'fullName', 'creditCode', 'legalRepresentative', 'registeredAddress', 'status'],
    },
    { title: '运营范围', fields: ['cityIds', 'businessLines'] },
    { title: '经营许可', fields: ['permitNo', 'permitExpiry', 'permitStatus'] },
    { title: '签约与收款', fields: ['signingEntity', 'bankAccountName', 'bankName', 'bankAccountNo'] },
    { title: '开票信息', fields: ['invoiceTitle', 'invoiceTaxNo', 'invoiceAddressPhone', 'invoiceBankAccount'] },
    { title: '运营参数', fields: ['billLeadDays', 'graceDays', 'lateFeeRate', 'powerOffSpeedKmh', 'createdAt'] },
  ],
  related: () => [{ family: appKeyFamily, screen: 'companyAppKeys', via: 'companyId', title: 'APP凭证' }],
});

export const { families, keys, page, prefetch } = familyModule([companyFamily, appKeyFamily]);
