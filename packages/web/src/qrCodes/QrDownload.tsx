import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Flex, Modal, Row, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { saveBlob } from '../downloads/saveBlob';
import { get } from '../request';
import type { ResourceRecord } from '../resource/types';
import { PosterPreview } from './PosterPreview';
import type { PosterLayout } from './poster';

type Poster = PosterLayout & { name: string; signUpUrl: string; backgroundUrl: string | null };

/** The QR code's PNG from the server (the call carries the token header, so it comes as a blob). */
function useQrPng(id: string) {
  const query = useQuery({
    queryKey: ['qrCode', 'png', id],
    queryFn: () => get<Blob>(`/api/qr-codes/${id}/qr.png`, undefined, { responseType: 'blob' }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const made = URL.createObjectURL(query.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [query.data]);
  return { blob: query.data, url, failed: query.isError };
}

function DownloadDialog({ record, onClose }: { record: ResourceRecord; onClose: () => void }) {
  const id = String(record.id);
  const name = String(record.name);
  const png = useQrPng(id);
  const poster = useQuery({
    queryKey: ['qrCode', 'poster', id],
    queryFn: () => get<Poster>(`/api/qr-codes/${id}/poster`),
  });
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  const savePoster = () => canvas.current?.toBlob((blob) => blob && saveBlob(blob, `${name}-海报.png`), 'image/png');
  return (
    <Modal title={`下载二维码：${name}`} open onCancel={onClose} footer={null} width={880} destroyOnHidden centered>
      <Row gutter={24}>
        <Col span={10}>
          <Flex vertical align="center" gap={12}>
            {png.failed && <Alert type="error" title="二维码生成失败，请稍后重试" />}
            {png.url ? (
              <img src={png.url} alt={`${name}的二维码`} width={240} height={240} />
            ) : (
              !png.failed && <Spin style={{ padding: 96 }} />
            )}
            {poster.data && (
              <Typography.Paragraph copyable={{ text: poster.data.signUpUrl }} type="secondary">
                {poster.data.signUpUrl}
              </Typography.Paragraph>
            )}
            <Flex gap={8}>
              <Button type="primary" disabled={!png.blob} onClick={() => png.blob && saveBlob(png.blob, `${name}.png`)}>
                下载二维码PNG
              </Button>
              <Button disabled={!drawn} onClick={savePoster}>
                下载海报PNG
              </Button>
            </Flex>
          </Flex>
        </Col>
        <Col span={14}>
          {poster.isError && <Alert type="error" title="海报模板加载失败，请稍后重试" />}
          {poster.data && png.url ? (
            <PosterPreview
              background={poster.data.backgroundUrl ? { url: poster.data.backgroundUrl } : null}
              layout={poster.data}
              qrUrl={png.url}
              canvasRef={canvas}
              onDrawn={setDrawn}
            />
          ) : (
            !poster.isError && <Spin style={{ display: 'block', padding: 96 }} />
          )}
        </Col>
      </Row>
    </Modal>
  );
}

/** 下载二维码 on a row: the QR code and its poster, each downloadable as PNG. */
export function QrDownload({ record, title }: { record?: ResourceRecord; title: string }) {
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)}>
        {title}
      </Button>
      {open && <DownloadDialog record={record} onClose={() => setOpen(false)} />}
    </>
  );
}
