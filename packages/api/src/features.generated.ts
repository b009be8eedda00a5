// Written by scripts/features.mjs (`npm run features`) from the folders holding a feature file: do not edit.
import type { Feature } from './feature';
import { feature as appApi } from './appApi/feature';
import { feature as appFeedback } from './appFeedback/feature';
import { feature as approvals } from './approvals/feature';
import { feature as articles } from './articles/feature';
import { feature as boardingPlans } from './boardingPlans/feature';
import { feature as carStations } from './carStations/feature';
import { feature as channels } from './channels/feature';
import { feature as competitors } from './competitors/feature';
import { feature as contents } from './contents/feature';
import { feature as coupons } from './coupons/feature';
import { feature as customers } from './customers/feature';
import { feature as driveStations } from './driveStations/feature';
import { feature as drivers } from './drivers/feature';
import { feature as expressGoods } from './expressGoods/feature';
import { feature as feedback } from './feedback/feature';
import { feature as finance } from './finance/feature';
import { feature as leads } from './leads/feature';
import { feature as maintenanceCompetitors } from './maintenanceCompetitors/feature';
import { feature as marketplace } from './marketplace/feature';
import { feature as orders } from './orders/feature';
import { feature as points } from './points/feature';
import { feature as policies } from './policies/feature';
import { feature as prizeDraws } from './prizeDraws/feature';
import { feature as qrCodes } from './qrCodes/feature';
import { feature as quotes } from './quotes/feature';
import { feature as referrals } from './referrals/feature';
import { feature as retention } from './retention/feature';
import { feature as roles } from './roles/feature';
import { feature as safetyContents } from './safetyContents/feature';
import { feature as safetyMeetings } from './safetyMeetings/feature';
import { feature as safetyRegulations } from './safetyRegulations/feature';
import { feature as tags } from './tags/feature';
import { feature as users } from './users/feature';
import { feature as vehicles } from './vehicles/feature';

/** Every feature folder of the package, by folder name. */
export const features: readonly Feature[] = [appApi, appFeedback, approvals, articles, boardingPlans, carStations, channels, competitors, contents, coupons, customers, driveStations, drivers, expressGoods, feedback, finance, leads, maintenanceCompetitors, marketplace, orders, points, policies, prizeDraws, qrCodes, quotes, referrals, retention, roles, safetyContents, safetyMeetings, safetyRegulations, tags, users, vehicles];
