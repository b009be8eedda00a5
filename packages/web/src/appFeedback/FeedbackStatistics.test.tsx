import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FeedbackStatistics } from './FeedbackStatistics';

const get = vi.fn();
vi.mock('../request', () => ({ get: (url: string) => get(url) }));

describe('FeedbackStatistics', () => {
  it('reads the figures only when opened, and shows the buckets and the share handled', async () => {
    get.mockResolvedValue({
      total: 12,
      pending: 3,
      handling: 2,
      handled: 6,
      closed: 1,
      suggestions: 5,
      faults: 7,
      within5h: 4,
      within24h: 5,
      over24h: 3,
      handledRate: 8571,
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <FeedbackStatistics title="处理统计" />
      </QueryClientProvider>,
    );
    expect(get).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '处理统计' }));
    expect(await screen.findByText('85.7%')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/api/driver-feedback/statistics');
    expect(screen.getByText('处理时长 超过24小时').closest('tr')?.textContent).toBe('处理时长 超过24小时3');
  });
});
