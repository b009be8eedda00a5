import { qrCodeResource, qrCodeScreens, qrTemplateResource, qrTemplateScreens } from '@cp/contracts';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';
import { QrDownload } from './QrDownload';
import { TemplateDetailPreview, TemplateFormPreview } from './TemplatePreview';

/** 模板管理: the poster's layout in sections, previewed as it is typed and on the detail page. */
export const qrTemplateFamily = defineFamily({
  resource: qrTemplateResource,
  screens: qrTemplateScreens,
  routes: { detail: 'templateManagementDetails', add: 'templateManagementAdd', edit: 'templateManagementEdit' },
  groups: [
    { title: '基本信息', fields: ['name', 'background', 'remark'] },
    { title: '二维码位置', fields: ['qrX', 'qrY', 'qrSize', 'backgroundWidth', 'backgroundHeight'] },
    { title: '文案', fields: ['caption', 'captionX', 'captionY', 'captionSize', 'captionColor'] },
    { title: '审核', fields: ['status', 'reviewNote', 'qrCodeCount', 'createdAt', 'updatedAt'] },
  ],
  formSections: [TemplateFormPreview],
  detailSections: [TemplateDetailPreview],
});

/** 二维码管理: 下载二维码 shows the QR code and its poster, each as a PNG to download. */
export const qrCodeFamily = defineFamily({
  resource: qrCodeResource,
  screens: qrCodeScreens,
  controls: { qrcodeManagement: [{ button: 'qrcodeManagement:download', place: 'row', render: QrDownload }] },
});

export const { families, keys, page, prefetch } = familyModule([qrTemplateFamily, qrCodeFamily]);
