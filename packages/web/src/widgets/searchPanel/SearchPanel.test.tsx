import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { SearchPanel } from './SearchPanel';

const labels = ['车牌号', '车架号', '品牌', '车型', '城市'];

function renderPanel(onSearch = vi.fn()) {
  render(
    <SearchPanel onSearch={onSearch} initialValues={{ city: '北京' }}>
      {labels.map((label, index) => (
        <Form.Item key={label} label={label} name={index === 4 ? 'city' : `field${index}`}>
          <Input />
        </Form.Item>
      ))}
    </SearchPanel>,
  );
  return onSearch;
}

const visibleFields = () => screen.queryAllByRole('textbox').map((box) => box.id);

describe('SearchPanel', () => {
  it('shows the first row only until 展开查询, and folds again with 收起查询', () => {
    renderPanel();
    expect(visibleFields()).toEqual(['field0', 'field1', 'field2']);
    fireEvent.click(screen.getByRole('button', { name: '展开查询' }));
    expect(visibleFields()).toEqual(['field0', 'field1', 'field2', 'field3', 'city']);
    fireEvent.click(screen.getByRole('button', { name: '收起查询' }));
    expect(visibleFields()).toHaveLength(3);
  });

  it('builds a folded field only once the panel is unfolded, and keeps it built after folding again', () => {
    renderPanel();
    expect(document.getElementById('city')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '展开查询' }));
    fireEvent.click(screen.getByRole('button', { name: '收起查询' }));
    expect((document.getElementById('city') as HTMLInputElement).value).toBe('北京');
  });

  it('searches with the filled values only, hidden fields included', async () => {
    const onSearch = renderPanel();
    fireEvent.change(screen.getByRole('textbox', { name: '车牌号' }), { target: { value: '京A' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ field0: '京A', city: '北京' }));
  });

  it('重置 restores the initial filters and searches again', async () => {
    const onSearch = renderPanel();
    fireEvent.change(screen.getByRole('textbox', { name: '车牌号' }), { target: { value: '京A' } });
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ city: '北京' }));
    expect((screen.getByRole('textbox', { name: '车牌号' }) as HTMLInputElement).value).toBe('');
  });

  it('unfolds when a folded filter holds a value, so a list opened by a filtered link shows its filter', () => {
    const fields = (filled?: ReadonlySet<string>) => (
      <SearchPanel onSearch={vi.fn()} initialValues={{ city: '北京' }} filled={filled}>
        {labels.map((label, index) => (
          <Form.Item key={label} label={label} name={index === 4 ? 'city' : `field${index}`}>
            <Input />
          </Form.Item>
        ))}
      </SearchPanel>
    );
    const { rerender } = render(fields(new Set(['field0'])));
    expect(visibleFields()).toHaveLength(3);
    rerender(fields(new Set(['city'])));
    expect(visibleFields()).toEqual(['field0', 'field1', 'field2', 'field3', 'city']);
    expect(screen.getByRole('button', { name: '收起查询' })).toBeTruthy();
  });

  it('offers no toggle when the filters fit one row', () => {
    render(
      <SearchPanel onSearch={vi.fn()}>
        <Form.Item label="车牌号" name="plate">
          <Input />
        </Form.Item>
      </SearchPanel>,
    );
    expect(screen.queryByRole('button', { name: '展开查询' })).toBeNull();
  });
});
