import { safetyMeetingAttendeeResource, safetyMeetingResource, safetyMeetingScreens } from '@cp/contracts';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';

const attendeeFamily = defineFamily({
  resource: safetyMeetingAttendeeResource,
  screens: { safetyMeetingAttendees: safetyMeetingScreens.attendees },
});

/**
 * 安全会议: the meeting's fields, 应到 / 实到 / 补学 at a glance, and its attendees — frozen when published —
 * with 签到, 补签 and 补学 on each row while the meeting is published or ended.
 */
const meetingFamily = defineFamily({
  resource: safetyMeetingResource,
  screens: { securityConference: safetyMeetingScreens.securityConference },
  groups: [
    {
      title: '会议信息',
      fields: ['theme', 'type', 'cityId', 'startsAt', 'endsAt', 'place', 'onlineLink', 'host', 'lecturer'],
    },
    { title: '参会范围', fields: ['audience', 'driverIds'] },
    { title: '出勤', fields: ['status', 'expected', 'present', 'awaitingMakeUp', 'madeUp', 'cancelReason'] },
    { title: '纪要与附件', fields: ['minutes', 'photos', 'attachments'] },
  ],
  related: () => [
    {
      family: attendeeFamily,
      screen: 'safetyMeetingAttendees',
      via: 'meetingId',
      managed: (meeting) => [1, 2].includes(Number(meeting.status)),
    },
  ],
});

export const { families, keys, page, prefetch } = familyModule([meetingFamily, attendeeFamily]);
