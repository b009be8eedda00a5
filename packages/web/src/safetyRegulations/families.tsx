import { safetyRegulationResource, safetyRegulationScreens } from '@cp/contracts';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';
import { RegulationPdf } from './RegulationPdf';

/** 安全制度: each version with its status read from the dates, 废止 with a reason, and its PDF in the reader. */
const regulationFamily = defineFamily({
  resource: safetyRegulationResource,
  screens: safetyRegulationScreens,
  groups: [
    { title: '制度信息', fields: ['title', 'category', 'edition', 'department', 'effectiveDate', 'summary', 'file'] },
    { title: '状态', fields: ['status', 'endsOn', 'repealReason', 'repealedOn'] },
  ],
  detailSections: [RegulationPdf],
  // 废止 is for the version in force; one to come is changed or deleted, one superseded is already 废止.
  withheld: (record) => (Number(record.status) === 1 ? [] : ['repeal']),
});

export const { families, keys, page, prefetch } = familyModule([regulationFamily]);
