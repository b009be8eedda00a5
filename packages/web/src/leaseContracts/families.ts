import { leaseContractResource, leaseContractScreens } from '@cp/contracts';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';

/** 合同: the versions of a lease order's contract, read on the order's detail page (`ContractPanel`). */
const leaseContractFamily = defineFamily({ resource: leaseContractResource, screens: leaseContractScreens });

export const { families, keys, page, prefetch } = familyModule([leaseContractFamily]);
