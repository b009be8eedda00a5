import { CommentOutlined } from '@ant-design/icons';
import type { MenuNode } from '@cp/contracts';
import { Button, Flex, message } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { errorMessage } from '../widgets/api/errorMessage';
import { useEnvelopeClient } from '../widgets/api/WidgetApiContext';
import { FaultReportModal } from './FaultReportModal';
import type { Notifier } from './FeedbackFormModal';
import { createHttpFeedbackApi, type FeedbackApi } from './feedbackApi';
import { menuOptions } from './feedbackOptions';
import { openInNewWindow } from './openInNewWindow';
import { SuggestionModal } from './SuggestionModal';
import { useClickOutside } from './useClickOutside';

export interface FeedbackWidgetProps {
  /** The user's menu tree; its pages are the choices of 菜单. */
  menuData: MenuNode[];
  /** Replaces the calls made through the widgets' client (see WidgetApiProvider). */
  api?: FeedbackApi;
}

type Dialog = 'suggestion' | 'fault' | null;

/** The floating 意见反馈 tab: it slides out to offer 建议, 故障上报 and 产品文档. */
export function FeedbackWidget({ menuData, api: givenApi }: FeedbackWidgetProps) {
  const client = useEnvelopeClient();
  const api = useMemo(() => givenApi ?? createHttpFeedbackApi(client), [givenApi, client]);
  const options = useMemo(() => menuOptions(menuData), [menuData]);
  const [expanded, setExpanded] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const tab = useRef<HTMLDivElement>(null);
  useClickOutside(tab, () => setExpanded(false), expanded);

  const [messageApi, messageHolder] = message.useMessage();
  const notify: Notifier = {
    success: () => messageApi.success('操作成功'),
    error: (text) => messageApi.error(text),
  };

  const choose = (next: Dialog) => {
    setExpanded(false);
    setDialog(next);
  };
  const openProductDocument = () => {
    setExpanded(false);
    openInNewWindow(api.productDocumentUrl()).catch((error: unknown) => {
      const text = errorMessage(error);
      if (text) notify.error(text);
    });
  };

  return (
    <>
      {messageHolder}
      <div
        ref={tab}
        style={{
          position: 'fixed',
          right: 0,
          bottom: 160,
          zIndex: 1000,
          transform: expanded ? 'translateX(-16px)' : 'translateX(40%)',
          transition: 'transform 0.3s',
        }}
      >
        <Flex align="center" gap={8}>
          {expanded && (
            <Flex vertical gap={4} role="group" aria-label="反馈方式">
              <Button onClick={() => choose('suggestion')} autoInsertSpace={false}>
                建议
              </Button>
              <Button onClick={() => choose('fault')}>故障上报</Button>
              <Button onClick={openProductDocument}>产品文档</Button>
            </Flex>
          )}
          <Button
            type="primary"
            shape="circle"
            size="large"
            aria-label="意见反馈"
            aria-expanded={expanded}
            icon={<CommentOutlined aria-hidden />}
            onClick={() => setExpanded(!expanded)}
          />
        </Flex>
      </div>
      <SuggestionModal
        open={dialog === 'suggestion'}
        onClose={() => setDialog(null)}
        menuOptions={options}
        api={api}
        notify={notify}
      />
      <FaultReportModal
        open={dialog === 'fault'}
        onClose={() => setDialog(null)}
        menuOptions={options}
        api={api}
        notify={notify}
      />
    </>
  );
}
