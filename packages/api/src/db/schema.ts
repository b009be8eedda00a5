export * from '../audit/tables';
export * from '../identity/tables';
export * from '../lookups/tables';
export * from '../vehicles/record-tables';
export * from '../vehicles/tables';
