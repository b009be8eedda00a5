import { Input } from 'antd';
import { useState } from 'react';
import { clampPage } from './paging';

interface PageInputProps {
  page: number;
  count: number;
  onChange: (page: number) => void;
  label?: string;
  disabled?: boolean;
}

/** A page number box: Enter or leaving it goes to the typed page, clamped to 1…count. */
export function PageInput({ page, count, onChange, label = '页码', disabled }: PageInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const typed = draft.trim() === '' ? Number.NaN : Number(draft);
    const next = clampPage(typed, count, page);
    setDraft(null);
    if (next !== page) onChange(next);
  };
  return (
    <Input
      aria-label={label}
      value={draft ?? String(page)}
      disabled={disabled}
      inputMode="numeric"
      style={{ width: 56, textAlign: 'center' }}
      onChange={(event) => setDraft(event.target.value)}
      onPressEnter={commit}
      onBlur={commit}
    />
  );
}
