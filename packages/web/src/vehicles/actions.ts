import { allowedActions, type Transition, type VehicleAction, type VehicleStage } from '@cp/contracts';
import { useSession } from '../auth/session';

/** The lifecycle actions these screens carry out; the others belong to their own screens (临时交车, 调车, 还车). */
export const actionsWithForms: readonly VehicleAction[] = ['inspect', 'startPreparation', 'outbound', 'deliver'];

/** What a vehicle in `stage` offers a user holding `buttons`, limited to a screen's actions. */
export function offeredActions(
  stage: number,
  buttons: ReadonlySet<string>,
  only: readonly VehicleAction[] = actionsWithForms,
): Transition[] {
  return allowedActions(stage as VehicleStage, buttons).filter(
    (transition) => actionsWithForms.includes(transition.action) && only.includes(transition.action),
  );
}

/** The lifecycle table, asked for the signed-in user (the server checks every action again). */
export function useOfferedActions(stage: number, only?: readonly VehicleAction[]): Transition[] {
  const { held } = useSession();
  return offeredActions(stage, held.buttons, only);
}
