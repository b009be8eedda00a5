export { CarReturnRecordPage } from './CarReturnPage';
export { DeliveryDetailPage } from './DeliveryDetailPage';
export { DeliveryRecordPage, InspectionRecordPage, OutboundRecordPage } from './listPages';
export { prefetchRecordList } from './lists';
export { MaintenanceManagementPage, ViolationManagementPage } from './RecordCrudPage';
export { RiskManagementPage } from './RiskManagementPage';
export { ShuntingManagementPage } from './ShuntingPage';
export { TemporaryDeliveryPage } from './TemporaryDeliveryPage';
