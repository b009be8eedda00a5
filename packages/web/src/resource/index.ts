export { BodyField } from './BodyField';
export { DetailById } from './DetailById';
export { LookupField } from './LookupField';
export { refreshResources, takeAction } from './mutations';
export { ResourceDescriptions } from './ResourceDescriptions';
export { schemaProblem, schemaRule } from './rules';
export { StoredFilesInput } from './StoredFilesInput';
export type { FieldGroup, FieldName, ResourceRecord } from './types';
export { useFormSubmit } from './useFormSubmit';
