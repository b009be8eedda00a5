import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
// Every component's styles, prebuilt (see `theme`); the console's own stylesheet comes after it.
import 'antd/dist/antd.css';
import { theme } from './theme';

/** antd in Chinese with the orange theme; buttons keep their text as written (登录, not 登 录). */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}
