import { lookupOf, type Resource, type Transition } from '@cp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { ActionFormModal } from './ActionFormModal';
import { actionButtons } from './actionButtons';
import { BodyField } from './BodyField';
import { BodyFields } from './BodyFields';
import type { WebFamily } from './family';
import { LookupField } from './LookupField';
import { refreshResources, takeAction } from './mutations';
import { pageLink } from './routes';
import type { ResourceRecord } from './types';

export interface ActionTarget {
  family: WebFamily;
  action: string;
  /** The row acted on; none when it is picked in the dialog. */
  id?: string;
  /** Where the form's starting values come from (the row, or a record naming it). */
  record?: ResourceRecord;
  /** Other resources the action changes (a delivery's vehicle). */
  alsoRefresh?: readonly string[];
}

/** How a family names a row to people: its identity field (a plate), or its id. */
export function rowName(resource: Resource, record: ResourceRecord | undefined): string {
  if (!record) return '';
  const value = resource.identity ? record[resource.identity] : undefined;
  return value ? String(value) : String(record.vin ?? record.id);
}

/**
 * The form's starting values: the fields the action declares to start from the row (the odometer, the
 * plate), never others of the same name (a vehicle's 备注 is not its inspection's). Files start empty.
 */
export function startingValues(
  transition: Transition,
  record: ResourceRecord | undefined,
  own?: Record<string, unknown>,
) {
  const shape = transition.body?.shape ?? {};
  const isFiles = (name: string) => Boolean((shape[name] as z.ZodType).meta()?.files);
  const known = Object.fromEntries(
    (transition.prefill ?? []).flatMap((name) => (record && record[name] != null ? [[name, record[name]]] : [])),
  );
  const lists = Object.fromEntries(Object.keys(shape).flatMap((name) => (isFiles(name) ? [[name, []]] : [])));
  return { ...lists, ...known, ...own };
}

/** The picker of the row an action is for, among those in the states the action starts from. */
function targetPicker(family: WebFamily, transition: Transition) {
  const lookup = family.lookup ?? '';
  const title = lookupOf(lookup).title;
  const schema = z.strictObject({
    targetId: z
      .string({ error: `请选择${title}` })
      .min(1, `请选择${title}`)
      .meta({ title }),
  });
  const field = family.resource.lifecycle?.field ?? '';
  const filters = { [field]: transition.from.join(',') };
  const element = (
    <BodyField schema={schema} name="targetId" kind="ref">
      <LookupField lookup={lookup} filters={filters} />
    </BodyField>
  );
  return { schema, element };
}

/**
 * The dialog of a lifecycle action: a confirmation when the action takes no body, else its form — the
 * family's own fields, or fields generated from the body's schema — with a picker of the row first when it
 * is chosen in the dialog. Sends the action, says which was done (`完成GPS安装 京AD12345：操作成功`) and refreshes
 * what changed.
 */
export function ActionDialog({ target, onClose }: { target: ActionTarget; onClose: () => void }) {
  const { family, action, id, record } = target;
  const page = id ? family.actionPages?.[action] : undefined;
  if (page && id) return <ToActionPage page={page} id={id} onClose={onClose} />;
  const transition = family.resource.lifecycle?.transition(action);
  if (!transition) throw new Error(`${family.resource.key} has no action ${action}`);
  const title = `${transition.title}${id && record ? ` ${rowName(family.resource, record)}` : ''}`;
  const invalidate = [family.resource.key, ...(family.refreshes ?? []), ...(target.alsoRefresh ?? [])];
  const Dialog = !transition.body && id ? ConfirmAction : FormAction;
  return <Dialog target={target} transition={transition} title={title} invalidate={invalidate} onClose={onClose} />;
}

/** An action taken on its own page: there, coming back here when done. */
function ToActionPage({ page, id, onClose }: { page: string; id: string; onClose: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    const link = pageLink(page, id);
    const from = encodeURIComponent(location.pathname + location.search);
    navigate(`${link}${link.includes('?') ? '&' : '?'}from=${from}`);
    onClose();
  }, [navigate, location, page, id, onClose]);
  return null;
}

/** The toast of a done action names it, as its button and dialog do. */
export const doneMessage = (title: string) => `${title}：操作成功`;

interface DialogProps {
  target: ActionTarget;
  transition: Transition;
  title: string;
  invalidate: readonly string[];
  onClose: () => void;
}

function FormAction({ target, transition, title, invalidate, onClose }: DialogProps) {
  const { family, action, id, record } = target;
  const own = family.actionFields?.[action];
  const picker = id ? null : targetPicker(family, transition);
  const body = transition.body ?? z.strictObject({});
  const schema = picker ? body.extend(picker.schema.shape) : body;
  return (
    <ActionFormModal
      title={title}
      doneMessage={doneMessage(title)}
      schema={schema}
      initialValues={startingValues(transition, record, own?.initial?.(record))}
      submit={async (values: Record<string, unknown>) => {
        const { targetId, ...rest } = values as { targetId?: string };
        await takeAction(family.resource, id ?? targetId ?? '', action, transition.body ? rest : undefined);
      }}
      invalidate={invalidate}
      onClose={onClose}
      width={own?.width}
      {...actionButtons(transition)}
    >
      {picker?.element}
      {own ? (
        <own.Fields record={record} onClose={onClose} />
      ) : (
        <BodyFields schema={body} resource={family.resource} row={record} />
      )}
    </ActionFormModal>
  );
}

function ConfirmAction({ target, transition, title, invalidate, onClose }: DialogProps) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const Result = target.family.results?.[target.action];
  const [answer, setAnswer] = useState<ResourceRecord | null>(null);
  const act = useMutation({
    mutationFn: () => takeAction(target.family.resource, target.id ?? '', target.action),
    onSuccess: async (result) => {
      message.success(doneMessage(title));
      if (Result) setAnswer({ ...(target.record as ResourceRecord), ...(result as object) });
      else onClose();
      await refreshResources(queryClient, invalidate);
    },
  });
  if (Result && answer) return <Result answer={answer} onClose={onClose} />;
  return (
    <Modal
      open
      title={`确定${title}吗？`}
      {...actionButtons(transition)}
      confirmLoading={act.isPending}
      onOk={() => act.mutate()}
      onCancel={onClose}
    >
      {transition.confirm ?? `确定对该${target.family.resource.title}执行「${transition.title}」？`}
    </Modal>
  );
}
