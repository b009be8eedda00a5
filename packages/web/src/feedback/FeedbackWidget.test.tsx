import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../request/errors';
import { fakeFeedbackApi, openFeedback, renderWidget } from './testing';

describe('FeedbackWidget', () => {
  afterEach(() => vi.restoreAllMocks());

  it('slides out 建议, 故障上报 and 产品文档 on a click, and folds on a click elsewhere', () => {
    renderWidget();
    const icon = screen.getByRole('button', { name: '意见反馈' });
    expect(screen.queryByRole('button', { name: '建议' })).toBeNull();
    fireEvent.click(icon);
    expect(icon.getAttribute('aria-expanded')).toBe('true');
    for (const item of ['建议', '故障上报', '产品文档'])
      expect(screen.getByRole('button', { name: item })).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('button', { name: '建议' }));
    expect(screen.getByRole('button', { name: '建议' })).toBeTruthy();
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('button', { name: '建议' })).toBeNull();
    expect(icon.getAttribute('aria-expanded')).toBe('false');
  });

  it('产品文档 opens the returned document address in a new window', async () => {
    const opened = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(opened as unknown as Window);
    const api = renderWidget();
    openFeedback('产品文档');
    await waitFor(() => expect(opened.location.href).toBe('https://docs.example.com/cp.pdf'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(api.productDocumentUrl).toHaveBeenCalledTimes(1);
    expect(opened.opener).toBeNull();
  });

  it("closes the blank window and shows the server's message when the document is not available", async () => {
    const opened = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(opened as unknown as Window);
    const api = fakeFeedbackApi();
    api.productDocumentUrl.mockRejectedValue(new RequestError(404, '暂无产品文档', 'http'));
    renderWidget(api);
    openFeedback('产品文档');
    expect(await screen.findByText('暂无产品文档')).toBeTruthy();
    expect(opened.close).toHaveBeenCalled();
  });
});
