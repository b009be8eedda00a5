import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex, notification, Spin } from 'antd';
import { useState } from 'react';
import { PageInput } from '../paging/PageInput';
import { clampPage } from '../paging/paging';
import { PdfCanvas } from './PdfCanvas';
import type { PdfLoader } from './pdfDocument';
import { loadPdfWithPdfjs } from './pdfjsLoader';
import { fileNameOf, saveBytes } from './saveBytes';
import { usePdfDocument } from './usePdfDocument';

export interface PdfViewerProps {
  url: string;
  /** Suggested name of the downloaded file. */
  fileName?: string;
  /** Replaces pdf.js, for tests or special sources. */
  loadDocument?: PdfLoader;
}

const pdfTexts = {
  loading: '加载中，文件较大请耐心等待...',
  failedTitle: '失败',
  failedDescription: '接口请求失败',
};

/** A one-page-at-a-time PDF reader with first/previous/next/last, a page box and a download button. */
export function PdfViewer({ url, fileName, loadDocument = loadPdfWithPdfjs }: PdfViewerProps) {
  const [notifier, notificationHolder] = notification.useNotification();
  const state = usePdfDocument(url, loadDocument, () =>
    notifier.error({ title: pdfTexts.failedTitle, description: pdfTexts.failedDescription }),
  );
  const [page, setPage] = useState(1);
  const count = state.status === 'ready' ? state.document.numPages : 0;
  const current = clampPage(page, count);
  const go = (target: number) => setPage(clampPage(target, count));
  const idle = state.status !== 'ready';
  const download = async () => {
    if (state.status === 'ready') saveBytes(await state.document.getData(), fileName ?? fileNameOf(url));
    else window.open(url, '_blank', 'noopener');
  };

  return (
    <div>
      {notificationHolder}
      <Flex gap={8} align="center" wrap justify="center" style={{ marginBottom: 12 }}>
        <Button autoInsertSpace={false} disabled={idle || current <= 1} onClick={() => go(1)}>
          首页
        </Button>
        <Button autoInsertSpace={false} disabled={idle || current <= 1} onClick={() => go(current - 1)}>
          上一页
        </Button>
        <PageInput page={current} count={count} onChange={go} disabled={idle} />
        <span>/ {count}</span>
        <Button autoInsertSpace={false} disabled={idle || current >= count} onClick={() => go(current + 1)}>
          下一页
        </Button>
        <Button autoInsertSpace={false} disabled={idle || current >= count} onClick={() => go(count)}>
          尾页
        </Button>
        <Button icon={<DownloadOutlined aria-hidden />} onClick={download}>
          下载附件
        </Button>
      </Flex>
      {state.status === 'loading' && (
        <Flex vertical align="center" gap={8} style={{ padding: 48 }}>
          <Spin />
          <span>{pdfTexts.loading}</span>
        </Flex>
      )}
      {state.status === 'ready' && <PdfCanvas document={state.document} pageNumber={current} />}
    </div>
  );
}
