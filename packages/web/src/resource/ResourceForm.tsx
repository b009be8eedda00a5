import type { FieldDef, Resource } from '@cp/contracts';
import { Col, Divider, Form, type FormInstance, Row } from 'antd';
import type { KeyboardEvent, ReactElement, ReactNode } from 'react';
import { cloneElement, useId } from 'react';
import { type FieldControl, fieldControl } from './FieldInput';
import type { FormInputs } from './family';
import { type FileNames, FileNamesContext } from './fileNames';
import { formTitle } from './format';
import { formOrder } from './formOrder';
import { checkRules, fieldRules } from './rules';
import { type FieldGroup, fieldOf } from './types';
import { firstErrorScroll } from './useFormSubmit';

export interface ResourceFormProps {
  resource: Resource;
  form: FormInstance;
  /**
   * Sections of the form; fields that are not editable are skipped. Without: every editable field. In each,
   * the identifying field and the required ones come first (`formOrder`).
   */
  groups?: readonly FieldGroup[];
  initialValues?: Record<string, unknown>;
  /** An edit: fields set only at creation (a login id) are shown, not changed. */
  editing?: boolean;
  /** The uploaded names of the edited record's files (its answer's `fileNames`). */
  fileNames?: FileNames | undefined;
  onFinish: (values: Record<string, unknown>) => void;
  disabled?: boolean;
  /** Controls of the family's own for some fields (an `items` field's editor). */
  inputs?: FormInputs | undefined;
  /** Buttons under the fields. */
  children?: ReactNode;
  /** Fields set by where the form was opened (a draw's prize: its draw), left out of the form. */
  parent?: Readonly<Record<string, unknown>>;
}

/** The family's own control of a field, a whole row wide, or the kit's for its kind. */
function controlOf(def: FieldDef, inputs: FormInputs | undefined, name: string): FieldControl {
  const Own = inputs?.[name];
  return Own ? { control: <Own />, item: {}, wide: true } : fieldControl(def);
}

interface FieldItemsProps {
  resource: Resource;
  names: readonly string[];
  editing: boolean;
  inputs: FormInputs | undefined;
}

function FieldItems({ resource, names, editing, inputs }: FieldItemsProps) {
  return (
    <Row gutter={16}>
      {names.map((name) => {
        const def = fieldOf(resource, name);
        const { control, item, wide } = controlOf(def, inputs, name);
        const fixed = editing && def.createOnly;
        const checks = checkRules(resource, name);
        return (
          <Col key={name} span={wide ? 24 : 12}>
            <Form.Item
              label={formTitle(def)}
              name={name}
              rules={fixed ? [] : [...fieldRules(def), ...checks.rules]}
              {...(checks.dependencies.length > 0 && !fixed ? { dependencies: checks.dependencies } : {})}
              {...item}
              {...(fixed ? { extra: '创建后不可修改' } : {})}
            >
              {fixed ? cloneElement(control as ReactElement<{ disabled?: boolean }>, { disabled: true }) : control}
            </Form.Item>
          </Col>
        );
      })}
    </Row>
  );
}

/** The create/edit form of a resource: its editable fields, checked by the same schemas the server uses. */
export function ResourceForm({
  resource,
  form,
  groups,
  initialValues,
  editing = false,
  fileNames,
  onFinish,
  disabled,
  inputs,
  children,
  parent,
}: ResourceFormProps) {
  // A form of its own name, so its field ids never collide with the search panel's beside it.
  const formName = `resource-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const editable = (names: readonly string[]) =>
    formOrder(
      resource,
      names.filter((name) => {
        const def = fieldOf(resource, name);
        return def.form && def.control !== false && !(parent && name in parent);
      }),
    );
  const sections = groups ?? [{ title: '', fields: resource.entries.map(([name]) => name) }];
  const fieldCount = sections.reduce((count, group) => count + editable(group.fields).length, 0);
  return (
    <FileNamesContext value={fileNames}>
      <Form
        form={form}
        name={formName}
        layout="vertical"
        initialValues={initialValues}
        onFinish={onFinish}
        scrollToFirstError={firstErrorScroll}
        disabled={disabled}
        onKeyDown={fieldCount > 1 ? keepEnterInField : undefined}
      >
        {sections.map((group) => {
          const names = editable(group.fields);
          if (names.length === 0) return null;
          return (
            <section key={group.title || 'fields'} aria-label={group.title || undefined}>
              {group.title && <Divider titlePlacement="start">{group.title}</Divider>}
              <FieldItems resource={resource} names={names} editing={editing} inputs={inputs} />
            </section>
          );
        })}
        {children}
      </Form>
    </FileNamesContext>
  );
}

/**
 * Enter in a field of a form with several fields stays in that field (it confirms a date, picks an option)
 * and never saves the whole form: a record was once created by accident that way. 保存 saves; Enter in a
 * text area still starts a new line, and on a button still presses it.
 */
function keepEnterInField(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
  const target = event.target as HTMLElement;
  if (target instanceof HTMLInputElement) event.preventDefault();
}
