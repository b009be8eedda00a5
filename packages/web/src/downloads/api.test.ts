import type { DownloadRecordDto, PageResult } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { formatSize, isInProgress, refreshWhileBusy } from './api';

const page = (statuses: number[]): PageResult<DownloadRecordDto> => ({
  list: statuses.map((status, index) => ({ id: String(index + 1), status }) as DownloadRecordDto),
  total: statuses.length,
  totalExact: true,
  page: 1,
  limit: 20,
});

describe('download center helpers', () => {
  it('treats 排队中 and 生成中 as in progress, the others as settled', () => {
    expect([0, 1, 2, 3, 4].map((status) => isInProgress({ status: status as 0 }))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('refreshes while any row is in progress and stops once all have settled', () => {
    expect(refreshWhileBusy(page([2, 1, 3]), 2000)).toBe(2000);
    expect(refreshWhileBusy(page([0]), 2000)).toBe(2000);
    expect(refreshWhileBusy(page([2, 3, 4]), 2000)).toBe(false);
    expect(refreshWhileBusy(undefined)).toBe(false);
  });

  it('formats file sizes for people', () => {
    expect(formatSize(0)).toBe('—');
    expect(formatSize(812)).toBe('812 B');
    expect(formatSize(14_540)).toBe('14.2 KB');
    expect(formatSize(3.5 * 1024 * 1024)).toBe('3.5 MB');
    expect(formatSize(250 * 1024 * 1024)).toBe('250 MB');
  });
});
