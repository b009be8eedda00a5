import { commonTagResource as resource, commonTagScreens as screens } from '@cp/contracts';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';

/** 通用标签: the kit's list, drawer form, delete and export, nothing of its own. */
export const { families, keys, page, prefetch } = familyModule([defineFamily({ resource, screens })]);
