import {
  drawRecordResource,
  participantResource,
  prizeDrawResource,
  prizeDrawScreens,
  prizeResource,
  type Resource,
  type Screen,
} from '@cp/contracts';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';
import { DrawResult } from './DrawResult';

const screensOf = (resource: Resource): Record<string, Screen> =>
  Object.fromEntries(
    Object.values(prizeDrawScreens)
      .filter((screen) => screen.resource === resource)
      .map((screen) => [screen.key, screen]),
  );

const prizeFamily = defineFamily({ resource: prizeResource, screens: screensOf(prizeResource) });
const participantFamily = defineFamily({
  resource: participantResource,
  screens: screensOf(participantResource),
  results: { draw: DrawResult },
});
const recordFamily = defineFamily({ resource: drawRecordResource, screens: screensOf(drawRecordResource) });

/** 抽奖管理 and 抽奖详情: the draw's fields, then its prizes, participants, winners and draw records. */
export const prizeDrawFamily = defineFamily({
  resource: prizeDrawResource,
  screens: screensOf(prizeDrawResource),
  routes: { detail: 'prizeDrawDetail' },
  groups: [
    { title: '活动信息', fields: ['name', 'startsAt', 'endsAt', 'rules'] },
    { title: '状态', fields: ['phase', 'status', 'participantCount', 'winnerCount', 'updatedAt'] },
    { title: '随机种子', fields: ['seedHash', 'revealedSeed'] },
  ],
  related: () => [
    // Prizes and odds are fixed once the draw is published; participants once it has ended.
    { family: prizeFamily, screen: 'prizeDrawPrizes', via: 'drawId', managed: (draw) => Number(draw.status) === 0 },
    {
      family: participantFamily,
      screen: 'prizeDrawParticipants',
      via: 'drawId',
      managed: (draw) => Number(draw.phase) !== 3,
    },
    { family: recordFamily, screen: 'prizeDrawWinners', via: 'drawId' },
    { family: recordFamily, screen: 'prizeDrawRecords', via: 'drawId' },
  ],
});

export const { families, keys, page, prefetch } = familyModule([
  prizeDrawFamily,
  prizeFamily,
  participantFamily,
  recordFamily,
]);
