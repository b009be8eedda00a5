import { Alert, Empty, Spin } from 'antd';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useWidgetApi } from '../widgets';
import { drawPoster, loadImage, type PosterLayout } from './poster';

interface Props {
  /** A URL of the background, or the location of the uploaded file. */
  background: { url: string } | { location: string } | null;
  layout: PosterLayout;
  /** The QR code to draw; a marked box where it goes without. */
  qrUrl?: string | null;
  canvasRef?: RefObject<HTMLCanvasElement | null>;
  onDrawn?: (drawn: boolean) => void;
}

type State = { status: 'loading' } | { status: 'ready' } | { status: 'failed'; message: string };

/** The composed poster, drawn in the browser from the template's numbers at the background's own size. */
export function PosterPreview({ background, layout, qrUrl, canvasRef, onDrawn }: Props) {
  const { resolveFileUrl } = useWidgetApi();
  const own = useRef<HTMLCanvasElement>(null);
  const canvas = canvasRef ?? own;
  const [state, setState] = useState<State>({ status: 'loading' });
  const source = background && ('url' in background ? background.url : background.location);
  const byLocation = background !== null && 'location' in background;
  const key = JSON.stringify(layout);

  useEffect(() => {
    if (!source) return;
    let current = true;
    setState({ status: 'loading' });
    (async () => {
      const url = byLocation ? await resolveFileUrl(source) : source;
      const [image, qr] = await Promise.all([loadImage(url), qrUrl ? loadImage(qrUrl) : null]);
      if (!current || !canvas.current) return;
      drawPoster(canvas.current, image, JSON.parse(key) as PosterLayout, qr);
      setState({ status: 'ready' });
      onDrawn?.(true);
    })().catch(() => current && setState({ status: 'failed', message: '海报预览加载失败，请稍后重试' }));
    return () => {
      current = false;
    };
  }, [source, byLocation, key, qrUrl, resolveFileUrl, canvas, onDrawn]);

  if (!source) return <Empty description="上传背景图后预览海报" />;
  return (
    <Spin spinning={state.status === 'loading'}>
      {state.status === 'failed' && <Alert type="error" title={state.message} />}
      <canvas
        ref={canvas}
        aria-label="海报预览"
        style={{ display: 'block', maxWidth: '100%', maxHeight: 520, margin: '0 auto', border: '1px solid #f0f0f0' }}
      />
    </Spin>
  );
}
