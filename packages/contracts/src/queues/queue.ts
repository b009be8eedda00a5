import type { z } from 'zod';
import type { Screen } from '../resource/screen';
import { buttonTitle } from '../routes/catalogue';

/** What waits for someone to act on it, as a section declares it. */
export interface QueueSpec {
  /** What waits, as the home page names it: 待验车, 待处理的风险. */
  title: string;
  /** The screen its rows are listed on: the home page links there. */
  screen: Screen;
  /**
   * The screen's own filters that select the waiting rows, as its URL carries them (`{ status: '0' }`, or a
   * status tab: `{ tab: 'delivery' }`): the link opens the screen filtered so. A screen whose fixed filters
   * (and first tab) already select them needs none.
   */
  filter?: Readonly<Record<string, string>>;
  /** The lifecycle action of the screen's resource that takes a row off the queue: its button lets a user act. */
  action?: string;
  /** Or the catalogue button that lets a user act on it, for a queue no lifecycle action works off. */
  button?: string;
}

/** A queue as the server counts it and the home page shows it. */
export interface Queue {
  key: string;
  title: string;
  screen: Screen;
  filter: Readonly<Record<string, string>>;
  /** The button a user must hold to see the queue (with the screen's menu key). */
  button: string;
  /** Where the home page links: the screen's path with the filter in its search (`/riskManagement?status=0`). */
  link: string;
}

function buttonOf(key: string, spec: QueueSpec): string {
  const { screen } = spec;
  if (spec.action !== undefined && spec.button !== undefined)
    throw new Error(`queue ${key}: action or button, not both`);
  if (spec.action !== undefined) {
    const lifecycle = screen.resource.lifecycle;
    if (!lifecycle?.has(spec.action)) throw new Error(`queue ${key}: ${spec.action} is not an action of ${screen.key}`);
    return lifecycle.transition(spec.action).button;
  }
  if (spec.button === undefined || buttonTitle(spec.button) === undefined) {
    throw new Error(`queue ${key}: ${spec.button ?? 'no button'} is not a button of the route catalogue`);
  }
  return spec.button;
}

function checkFilter(key: string, spec: QueueSpec): void {
  const { screen, filter = {} } = spec;
  for (const name of Object.keys(filter)) {
    const known = name === 'tab' ? screen.tabs !== undefined : screen.filters.includes(name);
    if (!known) throw new Error(`queue ${key}: ${name} is not a filter of ${screen.key}`);
  }
  const parsed = (screen.listQuery as z.ZodType).safeParse(filter);
  if (!parsed.success) throw new Error(`queue ${key}: ${screen.key} refuses the filter ${JSON.stringify(filter)}`);
}

/**
 * A section's queues, keyed: each names its title, its screen, the filter that selects its rows there and
 * the action (or button) that lets a user work them off. Checked against the screen and the catalogue
 * when declared, so a queue that would link to nothing fails at once.
 */
export function defineQueues<K extends string>(specs: Readonly<Record<K, QueueSpec>>): Record<K, Queue> {
  const entries = Object.entries(specs) as [K, QueueSpec][];
  return Object.fromEntries(
    entries.map(([key, spec]) => {
      checkFilter(key, spec);
      const filter = spec.filter ?? {};
      const search = Object.entries(filter)
        .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
        .join('&');
      const queue: Queue = {
        key,
        title: spec.title,
        screen: spec.screen,
        filter,
        button: buttonOf(key, spec),
        link: search ? `${spec.screen.route.path}?${search}` : spec.screen.route.path,
      };
      return [key, queue];
    }),
  ) as Record<K, Queue>;
}
