import { isListKind, type Resource } from '@cp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Space } from 'antd';
import { useState } from 'react';
import type { WebFamily } from './family';
import { fileNamesOf } from './fileNames';
import { useResourceSave } from './mutations';
import { ResourceForm } from './ResourceForm';
import { createResourceApi } from './resourceApi';
import type { ResourceRecord } from './types';
import { useFormSubmit } from './useFormSubmit';
import { formValuesOf } from './values';

export interface ResourceFormBodyProps {
  family: WebFamily;
  /** The row edited (its latest version); a new one without. */
  record?: ResourceRecord | undefined;
  /** Called with the saved row (as the server answered it). */
  onDone: (saved: ResourceRecord) => void;
  onCancel: () => void;
  /** Loads the row again after someone else saved it. */
  onReload: () => void;
  /** Fields set by where the form was opened (a related list's parent row), saved without being shown. */
  parent?: Readonly<Record<string, unknown>>;
  /** A new row's starting values named by the link that opened the form (`valuesFromSearch`). */
  initial?: Readonly<Record<string, unknown>>;
}

/**
 * The latest version of the row a form edits (`id`; nothing to load for 新增), read afresh whenever a form
 * opens: an edit starts from what is saved now, not from a cached list row.
 */
export function useRecordToEdit(resource: Resource, id: string | undefined) {
  return useQuery({
    queryKey: [resource.key, 'detail', id],
    queryFn: () => createResourceApi(resource.endpoint).detail(id ?? ''),
    enabled: id !== undefined && /^[1-9]\d{0,15}$/.test(id),
    staleTime: 0,
  });
}

/**
 * The create / edit form of a family, as a drawer or a page shows it: the family's sections, checked by the
 * schemas the server uses, 保存 and 取消; an edit someone saved first says so and offers their version. A
 * create whose answer carries more than the row (a one-time password) shows it before closing. 保存 sends
 * once however often it is clicked, and a form not ready names and shows its first wrong field (`useFormSubmit`).
 */
export function ResourceFormBody({
  family,
  record,
  onDone,
  onCancel,
  onReload,
  parent,
  initial,
}: ResourceFormBodyProps) {
  const { resource } = family;
  const [form] = Form.useForm();
  const { save, conflict } = useResourceSave(resource, record, family.refreshes);
  const [created, setCreated] = useState<ResourceRecord | null>(null);
  const Created = family.created;
  const { submit, saving } = useFormSubmit(form, {
    save: async (values) => {
      const answer = (await save.mutateAsync(record ? values : { ...values, ...parent })) as ResourceRecord;
      if (Created && !record) setCreated(answer);
      else onDone(answer);
    },
  });
  const starting = record
    ? formValuesOf(resource, record)
    : {
        ...Object.fromEntries(
          resource.entries.flatMap(([name, def]): [string, unknown][] => {
            if (isListKind(def.kind)) return [[name, []]];
            // A switch has no "not chosen": it starts off, so what it shows is what is saved.
            return def.kind === 'boolean' ? [[name, false]] : [];
          }),
        ),
        ...initial,
      };
  return (
    <>
      {conflict && (
        <Alert
          type="warning"
          showIcon
          title={conflict}
          action={
            <Button size="small" onClick={onReload}>
              重新加载
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <ResourceForm
        resource={resource}
        form={form}
        groups={family.groups}
        inputs={family.inputs}
        editing={record !== undefined}
        initialValues={starting}
        fileNames={fileNamesOf(record)}
        parent={parent}
        onFinish={submit}
        disabled={saving}
      >
        {family.formSections?.map((Section, index) => (
          // Sections are fixed per family: their order is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <Section key={index} />
        ))}
        {/* Stays in sight at the bottom of the drawer or page however long the form is. */}
        <Space className="resource-form-actions">
          <Button type="primary" onClick={submit} loading={saving}>
            保存
          </Button>
          <Button onClick={onCancel}>取消</Button>
        </Space>
      </ResourceForm>
      {Created && created && <Created answer={created} onClose={() => onDone(created)} />}
    </>
  );
}
