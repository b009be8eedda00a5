import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setViewportWidth } from '../testing/viewport';
import { Pager } from './Pager';

const numberedPages = () =>
  within(screen.getByRole('navigation', { name: '分页' }))
    .getAllByRole('button')
    .map((button) => button.textContent)
    .filter((text) => /^\d+$/.test(text ?? ''));

describe('Pager', () => {
  afterEach(() => setViewportWidth(1024));

  it('shows the total, and 10000+ when the server capped the count', () => {
    const { rerender } = render(<Pager page={1} limit={20} total={120} onChange={vi.fn()} />);
    expect(screen.getByText('共 120 条')).toBeTruthy();
    rerender(<Pager page={1} limit={20} total={10000} totalExact={false} onChange={vi.fn()} />);
    expect(screen.getByText('共 10000+ 条')).toBeTruthy();
  });

  it('shows 7 numbered pages on a wide screen and 5 below 992px', () => {
    setViewportWidth(1200);
    render(<Pager page={10} limit={10} total={200} onChange={vi.fn()} />);
    expect(numberedPages()).toEqual(['1', '8', '9', '10', '11', '12', '20']);
    act(() => setViewportWidth(800));
    expect(numberedPages()).toEqual(['1', '9', '10', '11', '20']);
  });

  it('moves between pages and jumps to a typed page clamped to the page count', () => {
    const onChange = vi.fn();
    render(<Pager page={1} limit={20} total={95} onChange={onChange} />);
    expect((screen.getByRole('button', { name: '上一页' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(onChange).toHaveBeenLastCalledWith(2, 20);
    fireEvent.click(screen.getByRole('button', { name: '5' }));
    expect(onChange).toHaveBeenLastCalledWith(5, 20);
    const jump = screen.getByRole('textbox', { name: '跳至页码' });
    fireEvent.change(jump, { target: { value: '99' } });
    fireEvent.keyDown(jump, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onChange).toHaveBeenLastCalledWith(5, 20);
  });

  it('offers the shared page sizes and restarts at page 1 on a new size', async () => {
    const onChange = vi.fn();
    render(<Pager page={3} limit={20} total={1000} onChange={onChange} />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '每页条数' }));
    await screen.findByTitle('10 条/页');
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent);
    expect(options).toEqual(['10 条/页', '20 条/页', '30 条/页', '50 条/页', '200 条/页', '500 条/页']);
    fireEvent.click(screen.getByTitle('50 条/页'));
    expect(onChange).toHaveBeenLastCalledWith(1, 50);
  });
});
