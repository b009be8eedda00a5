import type { Transition } from '@cp/contracts';

/**
 * The buttons of an action's dialog or page: 确定 / 取消, except for an action that itself cancels something
 * (取消订单, 取消退租): its own title / 不取消, so 取消 never means both "do it" and "don't".
 */
export function actionButtons(transition: Pick<Transition, 'title'>): { okText: string; cancelText: string } {
  return transition.title.startsWith('取消')
    ? { okText: transition.title, cancelText: '不取消' }
    : { okText: '确定', cancelText: '取消' };
}
