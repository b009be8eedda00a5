import { commonTagResource, commonTagScreens } from '@cp/contracts';
import { familyFeature } from '../resource/familyFeature';

export const feature = familyFeature([{ resource: commonTagResource, screens: commonTagScreens }]);
