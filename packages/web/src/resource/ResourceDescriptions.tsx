import type { Resource } from '@cp/contracts';
import { Descriptions, Flex } from 'antd';
import { isWide } from './FieldInput';
import { displayTitle, renderValue } from './format';
import type { FieldLink } from './refLinks';
import { SensitiveValue } from './SensitiveValue';
import { type FieldGroup, fieldOf, type ResourceRecord } from './types';

export interface ResourceDescriptionsProps {
  resource: Resource;
  record: ResourceRecord;
  /** Titled sections; without them, every field in one list. */
  groups?: readonly FieldGroup[];
  column?: number;
  /** Where a field's value links (a reference's detail page, `useRefLinks`). */
  link?: FieldLink | undefined;
}

/** The detail view of a row: every field titled and shown as the list shows it, a masked number with 查看. */
export function ResourceDescriptions({ resource, record, groups, column = 3, link }: ResourceDescriptionsProps) {
  const sections = groups ?? [
    { title: '', fields: resource.entries.filter(([, def]) => def.detail).map(([name]) => name) },
  ];
  return (
    <Flex vertical gap={24}>
      {sections.map((group) => (
        <Descriptions
          key={group.title || 'fields'}
          title={group.title || undefined}
          bordered
          size="small"
          column={column}
          items={group.fields.map((name) => {
            const def = fieldOf(resource, name);
            return {
              key: name,
              label: displayTitle(def),
              children: def.sensitive ? (
                <SensitiveValue resource={resource} record={record} name={name} def={def} />
              ) : (
                renderValue(name, def, record, link?.(name, record))
              ),
              ...(isWide(def) ? { span: 'filled' as const } : {}),
            };
          })}
        />
      ))}
    </Flex>
  );
}
