import type { PageComponent } from '../../app/pageRegistry';
import { FleetChart } from './FleetChart';

/** A card a section adds to the home page, shown to users who hold its menu key. */
export interface HomeCard {
  key: string;
  menuKey: string;
  Component: PageComponent;
}

/** The home page's cards beside 我的待办; a section adds its own here. */
export const homeCards: readonly HomeCard[] = [{ key: 'fleetByStage', menuKey: 'vehicleList', Component: FleetChart }];
