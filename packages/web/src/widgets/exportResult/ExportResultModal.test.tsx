import { fireEvent, render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ExportResultModal, useExportResult } from './ExportResultModal';

function Where() {
  return <p>当前页面 {useLocation().pathname}</p>;
}

function VehicleList() {
  const [showExportResult, exportResult] = useExportResult();
  return (
    <>
      <Button onClick={showExportResult}>导出</Button>
      {exportResult}
    </>
  );
}

function renderList() {
  render(
    <MemoryRouter initialEntries={['/vehicleList']}>
      <Routes>
        <Route path="/vehicleList" element={<VehicleList />} />
        <Route path="/downloadRecord" element={<h1>下载记录</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole('button', { name: '导 出' }));
}

describe('ExportResultModal', () => {
  it('tells where the export goes and leads to the download center', async () => {
    renderList();
    expect(await screen.findByText('提交结果页用于反馈一系列操作任务的处理结果，请到下载中心进行查看')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '跳转至下载中心' }));
    expect(await screen.findByRole('heading', { name: '下载记录' })).toBeTruthy();
  });

  it('返回列表 closes the dialog and stays on the list', () => {
    const onClose = vi.fn();
    render(
      <MemoryRouter initialEntries={['/vehicleList']}>
        <ExportResultModal open onClose={onClose} />
        <Where />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: '返回列表' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByText('当前页面 /vehicleList')).toBeTruthy();
  });
});
