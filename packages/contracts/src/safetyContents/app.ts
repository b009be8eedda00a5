import { z } from 'zod';
import { idText, text } from '../values';

/** Most seconds one report may claim, and the furthest position: a report comes every few seconds of playing. */
export const maxWatchedDelta = 600;
export const maxPosition = 7200;

/**
 * What the app reports while a driver studies an item (`POST /api/app/safety-contents/{id}/progress`): the
 * playback position now and the seconds played since its last report. The server credits no more than the
 * time that passed since then (plus a few seconds), never beyond the duration; a picture is done when viewed.
 */
export const safetyProgressReport = z.strictObject({
  position: z
    .number({ error: '应为数字' })
    .int('应为整数（秒）')
    .min(0, '不能小于0')
    .max(maxPosition, `不能大于${maxPosition}`)
    .meta({ title: '播放位置（秒）' }),
  watchedDelta: z
    .number({ error: '应为数字' })
    .int('应为整数（秒）')
    .min(0, '不能小于0')
    .max(maxWatchedDelta, `不能大于${maxWatchedDelta}`)
    .meta({ title: '本次观看时长（秒）' }),
});

export const safetyContentIdParams = z.strictObject({ id: idText.meta({ title: '安全内容编号' }) });

const fileLink = z.object({ fileLocation: text(), url: text() });

/** A driver's progress on an item as the app shows it. */
export const safetyProgressAnswer = z
  .object({
    watchedSeconds: z.number(),
    lastPosition: z.number(),
    requiredSeconds: z.number(),
    credited: z.number(),
    completed: z.boolean(),
    completedAt: text().nullable(),
  })
  .meta({ id: 'AppSafetyProgress' });

/** An item the driver is to study, with links to its files (valid for minutes) and their progress. */
export const appSafetyContent = z
  .object({
    id: text(),
    title: text(),
    kind: text(),
    mandatory: z.boolean(),
    summary: text().nullable(),
    startDate: text(),
    endDate: text(),
    durationSeconds: z.number().nullable(),
    cover: z.array(fileLink),
    media: z.array(fileLink),
    progress: safetyProgressAnswer.omit({ credited: true }),
  })
  .meta({ id: 'AppSafetyContent' });
