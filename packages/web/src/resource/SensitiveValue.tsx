import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import type { FieldDef, Resource } from '@cp/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useAccess } from '../auth/access';
import { emptyText } from './emptyText';
import { createResourceApi } from './resourceApi';
import type { ResourceRecord } from './types';

/**
 * A masked personal number on a detail view (`1101**********1234`, as the API sends it) with 查看 for
 * whoever holds the page's `…:viewSensitive`: it asks the server for the whole value (which audits the read)
 * and shows it until 隐藏.
 */
export function SensitiveValue({
  resource,
  record,
  name,
  def,
}: {
  resource: Resource;
  record: ResourceRecord;
  name: string;
  def: FieldDef;
}) {
  const access = useAccess();
  const [shown, setShown] = useState(false);
  const whole = useMutation({ mutationFn: () => createResourceApi(resource.endpoint).sensitive(record.id, name) });
  const masked = record[name];
  if (typeof masked !== 'string' || masked === '') return <>{emptyText}</>;
  const button = resource.permissions.viewSensitive;
  if (!button || !access.hasButton(button)) return <>{masked}</>;
  const showing = shown && whole.data;
  return (
    <Space size={4}>
      <span>{showing ? (whole.data?.value ?? emptyText) : masked}</span>
      <Button
        type="link"
        size="small"
        icon={showing ? <EyeInvisibleOutlined /> : <EyeOutlined />}
        loading={whole.isPending}
        aria-label={`${showing ? '隐藏' : '查看'}完整${def.title}`}
        onClick={() => {
          if (showing) return setShown(false);
          setShown(true);
          if (!whole.data) whole.mutate();
        }}
      >
        {showing ? '隐藏' : '查看'}
      </Button>
    </Space>
  );
}
