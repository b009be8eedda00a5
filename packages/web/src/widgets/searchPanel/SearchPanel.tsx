import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Col, Form, type FormInstance, Row, Space } from 'antd';
import { Children, isValidElement, type ReactNode, useEffect, useState } from 'react';
import { stripEmpty } from '../query/stripEmpty';
import { useMediaQuery } from '../responsive/useMediaQuery';
import { fieldSpans, fieldsPerRow, searchLayout } from './searchLayout';

/** antd's grid breakpoints, read as the first render happens (not one render later, as `Grid.useBreakpoint`). */
function useFieldsPerRow(): number {
  const lg = useMediaQuery('(min-width: 992px)');
  const md = useMediaQuery('(min-width: 768px)');
  const sm = useMediaQuery('(min-width: 576px)');
  return fieldsPerRow({ lg, md, sm });
}

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
  /** False: every field shows and the panel offers no 展开 / 收起 of its own (its page folds it whole). */
  foldable?: boolean;
  /**
   * The names of the filters that hold a value (the URL's): when one of them is folded away, the panel
   * unfolds, so a list opened filtered by a link (`?stage=3`) shows what it is filtered by.
   */
  filled?: ReadonlySet<string>;
  loading?: boolean;
}

/** A window this short (a 1280 × 720 laptop): a list page opens with its search panel folded away. */
export const shortWindowQuery = '(max-height: 760px)';

const nameOf = (field: ReactNode) =>
  isValidElement<{ name?: unknown }>(field) && typeof field.props.name === 'string' ? field.props.name : undefined;

/**
 * The filter form above a list: a responsive grid whose fields past the first row fold away. Folded fields
 * are first rendered when the user unfolds them, so a list opens without building filters nobody has
 * looked at; their values (from the URL or `initialValues`) are in the form all along and are searched with.
 */
export function SearchPanel<Values extends Record<string, unknown>>({
  children,
  onSearch,
  onReset,
  form: givenForm,
  initialValues,
  defaultCollapsed = true,
  foldable = true,
  filled,
  loading,
}: SearchPanelProps<Values>) {
  const [ownForm] = Form.useForm<Values>();
  const form = givenForm ?? ownForm;
  const [collapsed, setCollapsed] = useState(defaultCollapsed && foldable);
  const [unfolded, setUnfolded] = useState(!defaultCollapsed || !foldable);
  const fields = Children.toArray(children).filter(isValidElement);
  const perRow = useFieldsPerRow();
  const layout = searchLayout(fields.length, perRow, collapsed);
  const span = 24 / perRow;
  const firstFolded = searchLayout(fields.length, perRow, true).visible;
  const foldedFilled = fields.some((field, index) => index >= firstFolded && filled?.has(nameOf(field) ?? ''));
  useEffect(() => {
    if (!foldedFilled) return;
    setCollapsed(false);
    setUnfolded(true);
  }, [foldedFilled]);

  const reset = () => {
    form.resetFields();
    if (onReset) onReset();
    else onSearch(stripEmpty(form.getFieldsValue(true) as Values));
  };

  return (
    <Form<Values>
      form={form}
      initialValues={initialValues}
      onFinish={() => onSearch(stripEmpty(form.getFieldsValue(true) as Values))}
      labelWrap
      style={{ marginBottom: 16 }}
    >
      <Row gutter={16}>
        {fields.map((field, index) => {
          const folded = index >= layout.visible;
          if (folded && !unfolded) return null;
          return (
            <Col key={field.key} {...fieldSpans} style={folded ? { display: 'none' } : undefined}>
              {field}
            </Col>
          );
        })}
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
              {foldable && layout.collapsible && (
                <Button
                  type="link"
                  onClick={() => {
                    setCollapsed(!collapsed);
                    setUnfolded(true);
                  }}
                  autoInsertSpace={false}
                >
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
