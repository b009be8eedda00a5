import type { z } from 'zod';
import type { EnumDef } from '../enums';
import { buttonTitle } from '../routes/catalogue';

/** One step of a state machine: from these states, this action (guarded by a button) leads to `to`. */
export interface TransitionSpec<A extends string = string, S extends number = number> {
  action: A;
  from: readonly S[];
  /** null: the state stays (a shunt moves the vehicle, not its stage). */
  to: S | null;
  /** The catalogue button key a user must hold to take it. */
  button: string;
  /** History and dialog title; the button's catalogue title by default. */
  title?: string;
  /** The request body the action takes; none: a confirmation is enough. */
  body?: z.ZodObject;
  /** Body fields whose starting value is the row's field of the same name (the odometer, the plate). */
  prefill?: readonly string[];
  /** The confirmation's question when there is no body (`确定停用该用户吗？`). */
  confirm?: string;
  /** Taken by the server as part of another action (还车验收 of a return moves its vehicle), never offered. */
  internal?: boolean;
  /**
   * May be taken on many rows at once (`POST …/bulk/<action>`, at most `maxBulkRows` ids): the body is asked
   * once and each row goes through the same runner, refused rows reported one by one.
   */
  bulk?: boolean;
  /**
   * A field besides the state the row must hold one of `values` in (an order in force whose car is handed
   * over or not): offered only then, and refused otherwise with `refusal`.
   */
  when?: { field: string; values: readonly number[]; refusal: string };
}

/** Whether a row meets a transition's `when` (a row not given — a picker's list — is not held to it). */
const meets = (transition: TransitionSpec, row?: Readonly<Record<string, unknown>>) =>
  !transition.when || !row || transition.when.values.includes(Number(row[transition.when.field]));

/** Most rows one bulk action takes. */
export const maxBulkRows = 500;

export interface Transition<A extends string = string, S extends number = number> extends TransitionSpec<A, S> {
  title: string;
}

export interface LifecycleSpec<A extends string, S extends number> {
  /** The field (and column) holding the state. */
  field: string;
  states: EnumDef<S>;
  transitions: readonly TransitionSpec<A, S>[];
  /** The states a row may be deleted in (where the page has 删除); every state when omitted. */
  removable?: readonly S[];
  /** The states a row may be edited in (where the page has 编辑); every state when omitted. */
  editable?: readonly S[];
}

/** What an action's body is once checked: its schema's output, or nothing for a confirmation. */
type BodyOf<X> = X extends { body: z.ZodType } ? z.output<X['body']> : Record<string, unknown>;

/** The checked body of each action of a lifecycle's transitions, by action (what a family's action hooks get). */
export type ActionBodies<T extends readonly TransitionSpec[]> = { [X in T[number] as X['action']]: BodyOf<X> };

/**
 * A state machine as data, for any table: `from → action → to` with the button each action needs. The
 * server's runner enforces it in one place; screens offer exactly the actions it allows.
 */
export function defineLifecycle<
  const A extends string,
  S extends number,
  const T extends readonly TransitionSpec<A, S>[] = readonly TransitionSpec<A, S>[],
>(spec: LifecycleSpec<A, S> & { transitions: T }) {
  const transitions: Transition<A, S>[] = spec.transitions.map((transition) => {
    const title = transition.title ?? buttonTitle(transition.button);
    if (title === undefined)
      throw new Error(`lifecycle action ${transition.action}: unknown button ${transition.button}`);
    if (transition.bulk && transition.internal)
      throw new Error(`lifecycle action ${transition.action}: an internal action is never taken in bulk`);
    return { ...transition, title };
  });
  const byAction = new Map<string, Transition<A, S>>(transitions.map((transition) => [transition.action, transition]));
  return {
    field: spec.field,
    states: spec.states,
    transitions,
    /** Types only: each action's checked body (`ActionBodies`), for the server's action hooks. */
    bodies: undefined as unknown as ActionBodies<T> | undefined,
    /** The transition of `action`; throws for an action the table does not have. */
    transition(action: string): Transition<A, S> {
      const found = byAction.get(action);
      if (!found) throw new Error(`unknown action ${action}`);
      return found;
    },
    has: (action: string): action is A => byAction.has(action),
    /**
     * What a row in `state` offers a holder of `buttons`: the actions the table allows (and the row's other
     * fields, when it is given), never internal ones.
     */
    allowed(state: number, buttons: ReadonlySet<string>, row?: Readonly<Record<string, unknown>>): Transition<A, S>[] {
      return transitions.filter(
        (transition) =>
          !transition.internal &&
          transition.from.includes(state as S) &&
          buttons.has(transition.button) &&
          meets(transition, row),
      );
    },
    /** The actions a screen may offer on many selected rows. */
    bulk: transitions.filter((transition) => transition.bulk && !transition.internal),
    /** Whether a row in `state` may be deleted: the web offers 删除 only then, the server refuses otherwise. */
    removable: (state: number): boolean => spec.removable?.includes(state as S) ?? true,
    /** Whether a row in `state` may be edited: the web offers 编辑 only then, the server refuses otherwise. */
    editable: (state: number): boolean => spec.editable?.includes(state as S) ?? true,
    /** Why a row in `state` may not be edited (`模板当前为「已启用」，不能编辑`), or null when it may. */
    editRefusal(state: number, noun: string): string | null {
      if (spec.editable?.includes(state as S) ?? true) return null;
      return `${noun}当前为「${spec.states.label(state)}」，不能编辑`;
    },
    /** Why a row in `state` may not be deleted (`车辆当前为「租赁中」，不能删除`), or null when it may. */
    removalRefusal(state: number, noun: string): string | null {
      if (spec.removable?.includes(state as S) ?? true) return null;
      return `${noun}当前为「${spec.states.label(state)}」，不能删除`;
    },
    /** Why `action` is refused from `state` (or by the row's other fields), or null when the table allows it. */
    refusal(action: string, state: number, noun: string, row?: Readonly<Record<string, unknown>>): string | null {
      const transition = byAction.get(action);
      if (!transition) return `不支持的操作：${action}`;
      if (!transition.from.includes(state as S))
        return `${noun}当前为「${spec.states.label(state)}」，不能${transition.title}`;
      return meets(transition, row) ? null : (transition.when?.refusal ?? null);
    },
  };
}

export type Lifecycle = ReturnType<typeof defineLifecycle>;

/** `temporaryDeliver` → `temporary-deliver`: the action's path segment. */
export function actionPath(action: string): string {
  return action.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
