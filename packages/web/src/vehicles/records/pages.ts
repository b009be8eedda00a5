export { CarReturnRecordPage } from './CarReturnPage';
export { DeliveryDetailPage } from './DeliveryDetailPage';
export { DeliveryRecordPage, InspectionRecordPage, OutboundRecordPage, prefetchRecordList } from './listPages';
export { MaintenanceManagementPage, ViolationManagementPage } from './RecordCrudPage';
export { RiskManagementPage } from './RiskManagementPage';
export { ShuntingManagementPage } from './ShuntingPage';
export { TemporaryDeliveryPage } from './TemporaryDeliveryPage';
