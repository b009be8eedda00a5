// Written by scripts/features.mjs (`npm run features`) from the folders holding a feature file: do not edit.
import type { Feature } from './app/defineFeature';
import { feature as downloads } from './downloads/feature';
import { feature as finance } from './finance/feature';
import { feature as leadStatistics } from './leadStatistics/feature';
import { feature as leads } from './leads/feature';
import { feature as roles } from './roles/feature';
import { familyPages } from './resource/registerFamilies';

/**
 * Every feature folder of the package, by folder name: the pages of its families (the route keys each
 * `families` module gives a page, read from it) and the pages of its feature.ts.
 */
export const features: readonly Feature[] = [
  { pages: familyPages(() => import('./appFeedback/families'), ['feedBack', 'feedBackAdd', 'feedBackTags']) },
  { pages: familyPages(() => import('./approvals/families'), ['productQuoteApproval', 'tobeDone', 'done', 'starSeaTobeDone', 'guojinTobeDone', 'refund', 'offlineApprove', 'offlineApproveDone', 'initiated', 'offlineApproveInitial']) },
  { pages: familyPages(() => import('./articles/families'), ['maikaSchool', 'maikaSchoolAdd', 'hotNews', 'hotNewsAdd']) },
  { pages: familyPages(() => import('./boardingPlans/families'), ['boardingPlan']) },
  { pages: familyPages(() => import('./branchCompanies/families'), ['company-operation', 'company-operation.detail', 'company-operation.add', 'company-operation.edit']) },
  { pages: familyPages(() => import('./carStations/families'), ['carStationIndex']) },
  { pages: familyPages(() => import('./channels/families'), ['channelManagement', 'ruleManagement']) },
  { pages: familyPages(() => import('./competitors/families'), ['cp-competition-management.cp-company-info', 'cp-competition-management.cp-company-info.type', 'cp-competition-management.ride-hailing-info', 'cp-competition-management.ride-hailing-info.type', 'cp-competition-management.platform-info', 'cp-competition-management.platform-info.type']) },
  { pages: familyPages(() => import('./contents/families'), ['contentManagement', 'contentManagementDetails', 'contentManagementAdd', 'contentManagementEdit', 'interactiveRecording']) },
  { pages: familyPages(() => import('./coupons/families'), ['couponProductsTags', 'couponManage', 'couponDetail', 'couponAdd', 'couponUpdate', 'couponOrderManage', 'couponOrderDetail']) },
  { pages: familyPages(() => import('./customers/families'), ['governmentCustomerAdd', 'governmentCustomerEdit', 'distributorAdd', 'distributorEdit', 'personalCustomerAdd', 'personalCustomerEdit', 'customerManage', 'customerManageEdit']) },
  downloads,
  { pages: familyPages(() => import('./driveStations/families'), ['driveStation', 'driveStationAdd']) },
  { pages: familyPages(() => import('./drivers/families'), ['ridehailingDrivers', 'ridehailingDriversDetails', 'ridehailingDriversAdd', 'ridehailingDriversEdit', 'taxiDriver', 'taxiDriverDetails', 'taxiDriverAdd', 'taxiDriverEdit']) },
  { pages: familyPages(() => import('./expressGoods/families'), ['expressGoods', 'expressDetails', 'expressAdd', 'expressEdit']) },
  { pages: familyPages(() => import('./finance/families'), ['badDebtPayment', 'billList', 'billListDetails', 'overdueDetails', 'badDebtList', 'overdueDetailsView', 'overdueDetailsEdit', 'collectionDetails', 'collectionDetailsView', 'askPayment', 'lookBill', 'accountsReceivableDetail', 'overdueWarning', 'actualCollectionDetails', 'financialCodeImport', 'financialCodeImportRecord', 'transactionNameConfiguration', 'hierarchicalAllocation']) },
  finance,
  leadStatistics,
  { pages: familyPages(() => import('./leads/families'), ['threadDeatails', 'threadDetailsLog', 'invalidThreadCofig', 'upLoadLog', 'uploadLogDetail']) },
  leads,
  { pages: familyPages(() => import('./leaseContracts/families'), []) },
  { pages: familyPages(() => import('./maintenanceCompetitors/families'), ['maintenance-competition-management.new-energy', 'maintenance-competition-management.new-energy.type', 'maintenance-competition-management.oil-trucks', 'maintenance-competition-management.oil-trucks.type']) },
  { pages: familyPages(() => import('./marketplace/families'), ['marketplaceProductsTags', 'marketplaceProducts', 'marketplaceProductsAdd', 'marketplaceOrders', 'marketplaceOrdersAdd']) },
  { pages: familyPages(() => import('./orders/families'), ['returnCheckoutApproval', 'retailWorkOrderApproval', 'leaseOrder', 'leaseOrderDetails', 'addOrder', 'leaseOrderFillDelivery', 'orderDueList', 'transferOrder', 'transferOrderDetails', 'driverApplication', 'driverApplicationDetail', 'vehicleReturnCalculation', 'accountingSheet', 'accountingUnit', 'retailOrder', 'retailOrderView', 'retailOrderAdd', 'retailOrderEdit', 'retailWorkOrder.new']) },
  { pages: familyPages(() => import('./points/families'), ['integral', 'integralAll', 'integralAllDetails']) },
  { pages: familyPages(() => import('./policies/families'), ['policyList', 'policyDetails', 'policyAdd', 'policyEdit', 'marketingPolicyCancellation', 'marketingPolicyDetails']) },
  { pages: familyPages(() => import('./prizeDraws/families'), ['prizeDraw', 'prizeDrawDetail']) },
  { pages: familyPages(() => import('./qrCodes/families'), ['templateManagement', 'templateManagementDetails', 'templateManagementAdd', 'templateManagementEdit', 'qrcodeManagement']) },
  { pages: familyPages(() => import('./referrals/families'), ['driverPullNewList', 'driverPullNewDetails', 'awardApplication', 'awardApplicationDetails', 'incentiveAllocation', 'incentiveAllocationAdd']) },
  { pages: familyPages(() => import('./retention/families'), ['carRetention', 'carRetentionAdd', 'carRetentionFollowUp', 'carRetentionAlliance', 'carRetentionAllianceAdd', 'carRetentionAllianceFollowUp', 'carRetentionAlliance.type']) },
  roles,
  { pages: familyPages(() => import('./safetyContents/families'), ['couponSecurityManage', 'couponSecurityDetail', 'couponSecurityAdd', 'couponSecurityUpdate', 'couponSecurityStatis']) },
  { pages: familyPages(() => import('./safetyMeetings/families'), ['securityConference']) },
  { pages: familyPages(() => import('./safetyRegulations/families'), ['safetySystem']) },
  { pages: familyPages(() => import('./tags/families'), ['commonTags']) },
  { pages: familyPages(() => import('./users/families'), ['userManagement']) },
  { pages: familyPages(() => import('./vehicles/families'), ['vehicleList', 'vehicleInspected', 'inspectedVehicle', 'networkMaintenance', 'drivingLicense', 'gpsList', 'operationCertificate', 'waitingOut', 'vehicleDetail', 'vehicleInspection', 'outboundRecord', 'deliveryRecord', 'temporaryDelivery', 'deliveryDetail', 'carReturnRecord', 'shuntingManagement', 'riskManagement', 'violationManagement', 'maintenanceManagement']) },
];
