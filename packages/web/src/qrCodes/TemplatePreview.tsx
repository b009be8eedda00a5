import { Card, Form } from 'antd';
import type { ResourceRecord } from '../resource/types';
import { PosterPreview } from './PosterPreview';
import type { PosterLayout } from './poster';

const backgroundOf = (values: Record<string, unknown> | undefined) => {
  const [location] = Array.isArray(values?.background) ? (values.background as string[]) : [];
  return location ? { location } : null;
};

/** The add / edit page's preview: redrawn as the background, the QR box and the caption change. */
export function TemplateFormPreview() {
  const values = Form.useWatch([], { preserve: true }) as (PosterLayout & Record<string, unknown>) | undefined;
  return (
    <Card size="small" title="海报预览" style={{ marginBottom: 16 }}>
      <PosterPreview background={backgroundOf(values)} layout={values ?? {}} />
    </Card>
  );
}

/** The detail page's preview of the saved template. */
export function TemplateDetailPreview({ record }: { record: ResourceRecord }) {
  return (
    <Card title="海报预览" style={{ marginTop: 16 }}>
      <PosterPreview background={backgroundOf(record)} layout={record as PosterLayout} />
    </Card>
  );
}
