import { Button, Flex, Form, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../widgets/api/errorMessage';

export interface Notifier {
  success: () => void;
  error: (text: string) => void;
}

interface FeedbackFormModalProps<Values> {
  title: string;
  open: boolean;
  onClose: () => void;
  /** Read when the dialog opens. */
  initialValues?: Partial<Values>;
  submit: (values: Values) => Promise<unknown>;
  notify: Notifier;
  /** The `Form.Item`s. */
  children: ReactNode;
}

/** A feedback dialog: the fields, 取消 and 提交; a successful submit says 操作成功 and closes it. */
export function FeedbackFormModal<Values>({ title, open, onClose, ...formProps }: FeedbackFormModalProps<Values>) {
  return (
    <Modal title={title} open={open} onCancel={onClose} footer={null} destroyOnHidden width={560}>
      <FeedbackForm<Values> {...formProps} onClose={onClose} />
    </Modal>
  );
}

function FeedbackForm<Values>({
  initialValues,
  submit,
  notify,
  onClose,
  children,
}: Omit<FeedbackFormModalProps<Values>, 'title' | 'open'>) {
  const [submitting, setSubmitting] = useState(false);
  const finish = async (values: Values) => {
    setSubmitting(true);
    try {
      await submit(values);
      notify.success();
      onClose();
    } catch (error) {
      const text = errorMessage(error);
      if (text) notify.error(text);
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <Form<Values> layout="vertical" initialValues={initialValues} onFinish={finish}>
      {children}
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onClose} autoInsertSpace={false}>
          取消
        </Button>
        <Button type="primary" htmlType="submit" loading={submitting} autoInsertSpace={false}>
          提交
        </Button>
      </Flex>
    </Form>
  );
}
