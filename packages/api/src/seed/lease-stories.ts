// The demo's lease book as a script: each lease's start, term, rent, how its driver pays, what happens on the way
// and how it ends — what `lease-history.ts` replays through the API.
/** How a driver pays: after how many days past the due date, and what share of what is due. */
export type Payer =
  | { kind: 'onTime' }
  | { kind: 'late'; days: number }
  | { kind: 'partly'; share: number }
  /** Pays on time until `after` days into the lease, then nothing (a recovery may come later). */
  | { kind: 'stops'; after: number };

/** What happens to the lease beyond its payments, on the day (from its handover) given. */
export type Event =
  | { at: number; kind: 'relief' }
  | { at: number; kind: 'exchange'; damage: number; rentDifference: number }
  | { at: number; kind: 'delay'; months: number }
  | { at: number; kind: 'recovery'; share: number }
  | { at: number; kind: 'terminate' };

/** How the lease ends: still running today, returned at its end (with damage), or renewed for six months. */
export type Ending = 'runs' | 'return' | 'returnDamaged' | 'renewal';

export interface Story {
  /** The handover, in days from the history's first day. */
  start: number;
  termMonths: number;
  rent: number;
  deposit: number;
  graceDays: number;
  lateFeeRate: number;
  payer: Payer;
  ending: Ending;
  events?: Event[];
  orderType?: number;
  businessItems?: number[];
}

/** The day the other branch companies' history begins: their last eight months. */
export const otherBranchesBegin = 300;

/** Eighteen months (the history's days after its first, up to yesterday). */
export const historyDays = 548;

/** A lease of the script: the deposit, grace days and late-fee rate most leases have, unless `more` says. */
export const lease = (
  start: number,
  termMonths: number,
  rent: number,
  payer: Payer,
  ending: Ending,
  more: Partial<Story> = {},
): Story => ({
  start,
  termMonths,
  rent,
  deposit: 500_000,
  graceDays: 3,
  lateFeeRate: 5,
  payer,
  ending,
  ...more,
});

/** The branch company's leases of the history (the first branch company's; the others take every other one). */
export const stories: Story[] = [
  lease(0, 12, 420_000, { kind: 'onTime' }, 'returnDamaged'),
  lease(12, 12, 450_000, { kind: 'late', days: 9 }, 'renewal', { graceDays: 5, lateFeeRate: 8 }),
  lease(25, 6, 390_000, { kind: 'stops', after: 75 }, 'return', {
    events: [{ at: 340, kind: 'recovery', share: 0.4 }],
  }),
  lease(40, 12, 430_000, { kind: 'partly', share: 0.7 }, 'return', {
    events: [{ at: 150, kind: 'exchange', damage: 80_000, rentDifference: 20_000 }],
  }),
  lease(58, 24, 460_000, { kind: 'onTime' }, 'runs', { events: [{ at: 95, kind: 'relief' }] }),
  lease(75, 12, 480_000, { kind: 'onTime' }, 'runs', {
    orderType: 1,
    businessItems: [8],
    events: [{ at: 210, kind: 'terminate' }],
  }),
  lease(92, 12, 410_000, { kind: 'late', days: 20 }, 'return', { graceDays: 10, lateFeeRate: 20 }),
  lease(118, 12, 440_000, { kind: 'onTime' }, 'runs', { events: [{ at: 290, kind: 'delay', months: 3 }] }),
  lease(150, 24, 470_000, { kind: 'stops', after: 230 }, 'runs', { events: [{ at: 380, kind: 'recovery', share: 1 }] }),
  lease(181, 12, 400_000, { kind: 'late', days: 40 }, 'renewal'),
  lease(205, 6, 380_000, { kind: 'onTime' }, 'returnDamaged'),
  lease(236, 12, 430_000, { kind: 'onTime' }, 'runs', {
    events: [{ at: 120, kind: 'exchange', damage: 0, rentDifference: 0 }],
  }),
  lease(262, 12, 450_000, { kind: 'partly', share: 0.5 }, 'runs'),
  lease(300, 12, 420_000, { kind: 'onTime' }, 'runs', { events: [{ at: 60, kind: 'relief' }] }),
  lease(331, 6, 460_000, { kind: 'late', days: 6 }, 'return'),
  lease(365, 12, 440_000, { kind: 'stops', after: 60 }, 'runs'),
  lease(392, 12, 410_000, { kind: 'onTime' }, 'runs'),
  lease(425, 6, 430_000, { kind: 'onTime' }, 'runs'),
  lease(455, 12, 450_000, { kind: 'late', days: 12 }, 'runs'),
  lease(486, 12, 420_000, { kind: 'onTime' }, 'runs'),
  lease(510, 24, 460_000, { kind: 'onTime' }, 'runs'),
  lease(530, 12, 440_000, { kind: 'onTime' }, 'runs'),
];

/** The drivers' names: a surname and a given name, drawn in turn. */
export const surnames = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '赵',
  '黄',
  '周',
  '吴',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
  '何',
  '林',
];
export const givenNames = [
  '建华',
  '志强',
  '海涛',
  '国庆',
  '俊杰',
  '晓东',
  '明辉',
  '文斌',
  '春雷',
  '永刚',
  '立新',
  '德明',
  '振宇',
  '子豪',
  '家乐',
  '宏伟',
  '秀梅',
  '丽娟',
  '红霞',
  '雪峰',
];
