import { commonTagResource } from '@cp/contracts';
import { familyTable } from '../db/family-table';

/** 通用标签: a branch company's content labels, unique by name. */
export const commonTags = familyTable('common_tags', commonTagResource);
