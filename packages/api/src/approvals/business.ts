import { approvalBusinesses } from '@cp/contracts';
import type { ServerResource } from '../resource/family';

const businesses = new Map<number, ServerResource>();

/**
 * The family whose rows an approval of `businessType` decides on (退车结算: the 核算单): its approvers and its
 * initiator may read the row they decide on from the approval pages, without the business's own page.
 */
export function approvalBusiness(businessType: number, family: ServerResource): void {
  if (businesses.has(businessType)) throw new Error(`approval business ${businessType} has a family already`);
  if (approvalBusinesses[businessType]?.resource !== family.resource) {
    throw new Error(`approval business ${businessType}: ${family.resource.key} is not its resource`);
  }
  businesses.set(businessType, family);
}

export const businessFamilyOf = (businessType: number): ServerResource | undefined => businesses.get(businessType);
