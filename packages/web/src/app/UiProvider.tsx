// One module per component, not the `antd` index: everything the index reaches would come with the entry.
import ConfigProvider from 'antd/es/config-provider';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { theme } from './theme';

/**
 * antd in Chinese with the orange theme; buttons keep their text as written (登录, not 登 录). Component styles
 * come prebuilt (see `theme`): the console imports antd's whole stylesheet (`Console.tsx`), a page shown before
 * it loads only its components' part (`virtual:antd-css/…`, see `antdStyles.ts`).
 */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      {children}
    </ConfigProvider>
  );
}
