import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useId } from 'react';
import type { z } from 'zod';
import { refreshResources } from './mutations';
import { useFormSubmit } from './useFormSubmit';

export interface ActionFormModalProps<S extends z.ZodType> {
  title: string;
  /** The toast once it is done; 操作成功 by default. */
  doneMessage?: string;
  /** The action's request schema: the form's values are parsed with it before they are sent. */
  schema: S;
  initialValues?: Record<string, unknown>;
  submit: (body: z.output<S>) => Promise<unknown>;
  /** The resources (by key) the action changes: their lists, rows and histories are asked for again. */
  invalidate: readonly string[];
  onClose: () => void;
  width?: number;
  /** The buttons' words: 确定 / 取消 unless the action says otherwise (`actionButtons`). */
  okText?: string;
  cancelText?: string;
  children: ReactNode;
}

/**
 * The form of one action, in a dialog or on a page: checks the fields, parses the body with the action's
 * schema, sends it, says so (操作成功 unless told), refreshes what changed and calls `onDone`. A refusal is
 * shown by the request layer. Sent once however often it is pressed; a form not ready names its first wrong field.
 */
export function useActionForm<S extends z.ZodType>({
  doneMessage = '操作成功',
  schema,
  submit,
  invalidate,
  onDone,
}: Pick<ActionFormModalProps<S>, 'doneMessage' | 'schema' | 'submit' | 'invalidate'> & { onDone: () => void }) {
  // A form of its own name, so its field ids never collide with the search panel's beside it.
  const formName = `action-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const action = useMutation({
    mutationFn: submit,
    onSuccess: async () => {
      message.success(doneMessage);
      onDone();
      await refreshResources(queryClient, invalidate);
    },
  });
  const { submit: finish, saving } = useFormSubmit<z.output<S>>(form, {
    schema,
    save: (body) => action.mutateAsync(body),
  });
  return { form, formName, finish, pending: saving };
}

/** A dialog that carries out one action with a form (`useActionForm`). */
export function ActionFormModal<S extends z.ZodType>({
  title,
  doneMessage,
  schema,
  initialValues,
  submit,
  invalidate,
  onClose,
  width = 640,
  okText = '确定',
  cancelText = '取消',
  children,
}: ActionFormModalProps<S>) {
  const { form, formName, finish, pending } = useActionForm({
    doneMessage,
    schema,
    submit,
    invalidate,
    onDone: onClose,
  });
  return (
    <Modal
      open
      title={title}
      width={width}
      okText={okText}
      cancelText={cancelText}
      confirmLoading={pending}
      onOk={finish}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        name={formName}
        layout="vertical"
        initialValues={initialValues}
        onFinish={finish}
        disabled={pending}
      >
        {children}
      </Form>
    </Modal>
  );
}
