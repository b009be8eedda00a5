import { articleResource, articleScreens, hotNewsResource, hotNewsScreens } from '@cp/contracts';
import { defineFeature } from '../feature';
import { defineServerResource } from '../resource/family';
import { tagsUsedBy } from '../tags/usage';
import { seedArticles } from './demo';
import { scheduledPublishRoutes } from './job';
import { preparePublishing, publishingActions, tagLink } from './publishing';
import { articles, articleTags, hotNews, hotNewsTags } from './tables';

tagsUsedBy({ table: articleTags, tagId: articleTags.tagId, tenantId: articleTags.tenantId, noun: '篇文章' });
tagsUsedBy({ table: hotNewsTags, tagId: hotNewsTags.tagId, tenantId: hotNewsTags.tenantId, noun: '条资讯' });

const articleFamily = defineServerResource({
  resource: articleResource,
  table: articles,
  screens: articleScreens,
  links: { tagIds: tagLink(articleTags) },
  prepare: preparePublishing,
  actions: publishingActions,
});

const hotNewsFamily = defineServerResource({
  resource: hotNewsResource,
  table: hotNews,
  screens: hotNewsScreens,
  links: { tagIds: tagLink(hotNewsTags) },
  prepare: preparePublishing,
  actions: publishingActions,
});

export const feature = defineFeature({
  families: [articleFamily, hotNewsFamily],
  routes: [scheduledPublishRoutes],
  demo: seedArticles,
});
