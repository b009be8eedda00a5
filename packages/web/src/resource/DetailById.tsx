import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';

export interface DetailByIdProps<T> {
  /** The query key of the record; the id is appended. */
  queryKey: readonly unknown[];
  load: (id: string) => Promise<T>;
  /** `车辆不存在或已删除`: shown for a missing, malformed or refused id. */
  missingTitle: string;
  /** Where the missing page sends the user back to, and the button's text. */
  back: { path: string; label: string };
  children: (record: T) => ReactNode;
}

/** A database id as the API issues them: a positive integer of at most 16 digits. */
const idPattern = /^[1-9]\d{0,15}$/;

/**
 * A detail page's frame (`/vehicleDetail?id=`, `/retailOrderView/7`): reads the id from the URL's path or
 * query, loads the record, shows a spinner while it loads and a way back when there is no such record.
 */
export function DetailById<T>({ queryKey, load, missingTitle, back, children }: DetailByIdProps<T>) {
  const [params] = useSearchParams();
  const path = useParams();
  const navigate = useNavigate();
  const id = path.id ?? params.get('id') ?? '';
  const valid = idPattern.test(id);
  const detail = useQuery({ queryKey: [...queryKey, 'detail', id], queryFn: () => load(id), enabled: valid });
  if (valid && detail.isPending) return <Spin style={{ display: 'block', padding: 48 }} />;
  if (!detail.data) {
    return (
      <Result
        status="warning"
        title={missingTitle}
        extra={<Button onClick={() => navigate(back.path)}>{back.label}</Button>}
      />
    );
  }
  return children(detail.data);
}
