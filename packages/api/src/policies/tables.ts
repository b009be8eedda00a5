import { policyResource } from '@cp/contracts';
import { familyTable } from '../db/family-table';

/** 政策列表: a branch company's policies; 政策状态 is computed from the days, a new one is 有效. */
export const policies = familyTable('policies', policyResource, {
  computed: ['policyStatus'],
  defaults: { validity: 1 },
});
