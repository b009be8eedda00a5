import type { Random } from './random';

export const day = 86_400_000;
const hour = 3_600_000;
const chinaOffset = 8 * hour;

/**
 * Moments of a demo vehicle's story, placed one after another and never after `now`: each lands in China
 * working hours (09:00–18:00) about the given days after the one before.
 */
export function storyClock(random: Random, now: number) {
  const workingHours = (time: number) => {
    const chinaMidnight = Math.floor((time + chinaOffset) / day) * day - chinaOffset;
    return chinaMidnight + 9 * hour + random.int(0, 9 * 3600 - 1) * 1000;
  };
  return {
    now,
    /** Days drawn from a range. */
    draw: ([min, max]: readonly [number, number]) => min + random.next() * (max - min),
    /** About `days` after `from`, in working hours, later than `from`, never after now (then between the two). */
    after(from: number, days: number): number {
      let time = workingHours(from + days * day);
      if (time <= from) time = from + random.int(10, 120) * 60_000;
      return time <= now ? time : from + random.next() * Math.max(0, now - from);
    },
    /** Any moment between `from` and `to` (a violation happens at any hour), never after now. */
    between(from: number, to: number): number {
      return Math.min(now, from + random.next() * Math.max(0, to - from));
    },
  };
}

export type StoryClock = ReturnType<typeof storyClock>;

/** When each step of a vehicle's lifecycle happened, up to its stage; absent steps were not taken. */
export interface VehicleStory {
  /** 入库登记: the vehicle row's creation. */
  created: number;
  inspected?: number;
  /** 整备 started: the four preparation items are created. */
  preparing?: number;
  /** When each preparation item (0 入网, 1 行驶证, 2 GPS, 3 运输证) was done, or null. */
  itemsDone: (number | null)[];
  outbound?: number;
  delivered?: number;
  returnRequested?: number;
  returned?: number;
  /** The vehicle's last change. */
  updated: number;
}

type Range = readonly [number, number];

/** Days between the steps, and days spent so far in each stage (by stage number). */
const gaps = {
  inspect: [0.3, 3] as Range,
  startPreparation: [0.5, 4] as Range,
  item: [1, 12] as Range,
  outbound: [0.5, 6] as Range,
  deliver: [0.1, 2] as Range,
  temporaryDeliver: [1, 10] as Range,
  lease: [20, 300] as Range,
  accept: [0.2, 3] as Range,
};
const inStage: Record<number, Range> = {
  0: [0.5, 20],
  1: [1, 20],
  2: [0.5, 10],
  3: [0.5, 15],
  4: [0.1, 3],
  5: [20, 300],
  6: [0.5, 10],
  7: [1, 60],
  8: [1, 60],
};

/**
 * A vehicle's story up to `stage` (0 待验车 … 8 临时交车), ending before now: registered, inspected, prepared
 * (only the first `doneItems` items while still 整备中), out, delivered, returned. The gaps are drawn first,
 * so the time spent in the current stage is what its range says.
 */
export function planStory(clock: StoryClock, stage: number, doneItems: number): VehicleStory {
  const leased = stage === 5 || stage === 6 || stage === 7;
  const gap = (taken: boolean, range: Range) => (taken ? clock.draw(range) : 0);
  const inspect = gap(stage >= 1, gaps.inspect);
  const startPreparation = gap(stage >= 2, gaps.startPreparation);
  const items = [0, 1, 2, 3].map((item) => gap(stage >= 3 || (stage === 2 && item < doneItems), gaps.item));
  const outbound = gap(stage >= 4 && stage !== 8, gaps.outbound);
  const deliver = gap(leased, gaps.deliver) + gap(stage === 8, gaps.temporaryDeliver);
  const lease = gap(stage === 6 || stage === 7, gaps.lease);
  const accept = gap(stage === 7, gaps.accept);
  const waited = clock.draw(inStage[stage] ?? [1, 10]);
  const span = inspect + startPreparation + Math.max(...items) + outbound + deliver + lease + accept + waited;

  const created = clock.after(clock.now - span * day, 0);
  const story: VehicleStory = { created, itemsDone: [null, null, null, null], updated: created };
  let last = created;
  const next = (days: number) => {
    last = clock.after(last, days);
    return last;
  };
  if (stage >= 1) story.inspected = next(inspect);
  if (stage >= 2) {
    const preparing = next(startPreparation);
    story.preparing = preparing;
    story.itemsDone = items.map((days) => (days > 0 ? clock.after(preparing, days) : null));
    last = Math.max(preparing, ...story.itemsDone.map((time) => time ?? 0));
  }
  if (outbound) story.outbound = next(outbound);
  if (deliver) story.delivered = next(deliver);
  if (lease) story.returnRequested = next(lease);
  if (accept) story.returned = next(accept);
  story.updated = last;
  return story;
}

/** The calendar day (China time) of a moment: `2026-03-02`. */
export const chinaDate = (time: number) => new Date(time + chinaOffset).toISOString().slice(0, 10);
