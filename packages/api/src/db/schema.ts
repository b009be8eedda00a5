export * from '../audit/tables';
export * from '../identity/tables';
