import { familyFeature } from '../resource/familyFeature';

export const feature = familyFeature(['commonTags'], () =>
  import('@cp/contracts').then(({ commonTagResource: resource, commonTagScreens: screens }) => [{ resource, screens }]),
);
