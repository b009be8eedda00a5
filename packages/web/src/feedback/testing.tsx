import type { MenuNode } from '@cp/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { FeedbackWidget } from './FeedbackWidget';
import type { FeedbackApi } from './feedbackApi';

const menuData: MenuNode[] = [
  {
    key: 'vehicle',
    title: '车辆管理',
    children: [{ key: 'vehicleList', title: '车辆列表', path: '/vehicleList' }],
  },
  { key: 'finance', title: '财务管理', children: [{ key: 'billList', title: '账单列表', path: '/billList' }] },
];

export function fakeFeedbackApi() {
  return {
    uploadScreenshot: vi.fn(async (file: File) => ({ fileLocation: `private/${file.name}` })),
    submitSuggestion: vi.fn(async () => null),
    submitFault: vi.fn(async () => null),
    productDocumentUrl: vi.fn(async () => 'https://docs.example.com/cp.pdf'),
  } satisfies FeedbackApi;
}

export function renderWidget(api = fakeFeedbackApi()) {
  render(<FeedbackWidget menuData={menuData} api={api} />);
  return api;
}

export function openFeedback(item: '建议' | '故障上报' | '产品文档') {
  fireEvent.click(screen.getByRole('button', { name: '意见反馈' }));
  fireEvent.click(screen.getByRole('button', { name: item }));
}

/** Opens an antd Select by its label and picks the option titled `option`. */
export async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByTitle(option));
}

export function type(label: string, value: string) {
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
}

export function submit() {
  fireEvent.click(screen.getByRole('button', { name: '提交' }));
}
