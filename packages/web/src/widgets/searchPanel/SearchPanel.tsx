import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Col, Form, type FormInstance, Grid, Row, Space } from 'antd';
import { Children, isValidElement, type ReactNode, useState } from 'react';
import { stripEmpty } from '../query/stripEmpty';
import { fieldSpans, fieldsPerRow, searchLayout } from './searchLayout';

export interface SearchPanelProps<Values extends Record<string, unknown>> {
  /** `Form.Item`s, one per filter, in display order. */
  children: ReactNode;
  /** Called by 查询 (and Enter) and after 重置, with empty values stripped. */
  onSearch: (values: Partial<Values>) => void;
  /** Replaces the search after 重置. */
  onReset?: () => void;
  form?: FormInstance<Values>;
  initialValues?: Partial<Values>;
  defaultCollapsed?: boolean;
  loading?: boolean;
}

/** The filter form above a list: a responsive grid whose fields past the first row fold away. */
export function SearchPanel<Values extends Record<string, unknown>>({
  children,
  onSearch,
  onReset,
  form: givenForm,
  initialValues,
  defaultCollapsed = true,
  loading,
}: SearchPanelProps<Values>) {
  const [ownForm] = Form.useForm<Values>();
  const form = givenForm ?? ownForm;
  const [collapsed, setCollapsed] = useState(defaultCollapsed);
  const fields = Children.toArray(children).filter(isValidElement);
  const perRow = fieldsPerRow(Grid.useBreakpoint());
  const layout = searchLayout(fields.length, perRow, collapsed);
  const span = 24 / perRow;

  const reset = () => {
    form.resetFields();
    if (onReset) onReset();
    else onSearch(stripEmpty(form.getFieldsValue(true) as Values));
  };

  return (
    <Form<Values>
      form={form}
      initialValues={initialValues}
      onFinish={(values) => onSearch(stripEmpty(values))}
      labelWrap
      style={{ marginBottom: 16 }}
    >
      <Row gutter={16}>
        {fields.map((field, index) => (
          <Col key={field.key} {...fieldSpans} style={index < layout.visible ? undefined : { display: 'none' }}>
            {field}
          </Col>
        ))}
        <Col span={span} offset={layout.actionOffset * span} style={{ textAlign: 'right' }}>
          <Form.Item>
            <Space wrap>
              <Button
                type="primary"
                htmlType="submit"
                icon={<SearchOutlined aria-hidden />}
                loading={loading}
                autoInsertSpace={false}
              >
                查询
              </Button>
              <Button onClick={reset} autoInsertSpace={false}>
                重置
              </Button>
              {layout.collapsible && (
                <Button type="link" onClick={() => setCollapsed(!collapsed)} autoInsertSpace={false}>
                  {collapsed ? '展开查询' : '收起查询'}
                  {collapsed ? <DownOutlined aria-hidden /> : <UpOutlined aria-hidden />}
                </Button>
              )}
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
