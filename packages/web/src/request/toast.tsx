import { CloseOutlined } from '@ant-design/icons';
import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

const errorToastSeconds = 5;

let messageApi: Pick<MessageInstance, 'open' | 'destroy'> = message;
let sequence = 0;

/** Lets toasts use the themed message API of the mounted antd <App>. */
export function bindMessageApi(api: Pick<MessageInstance, 'open' | 'destroy'>): void {
  messageApi = api;
}

/** An error toast that stays 5 seconds and can be closed. */
export function showErrorToast(text: string): void {
  sequence += 1;
  const key = `error-toast-${sequence}`;
  messageApi.open({
    key,
    type: 'error',
    duration: errorToastSeconds,
    content: (
      <span className="closable-toast">
        <span>{text}</span>
        <button
          type="button"
          className="closable-toast-close"
          aria-label="关闭"
          onClick={() => messageApi.destroy(key)}
        >
          <CloseOutlined />
        </button>
      </span>
    ),
  });
}
