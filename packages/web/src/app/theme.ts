import type { ThemeConfig } from 'antd';

export const themeColor = '#fa8c16';

/**
 * The console's orange theme. Component styles come from antd's prebuilt stylesheet (`zeroRuntime`), not from
 * style objects built in the browser on first use. The theme reaches them through CSS variables, which antd
 * still writes at runtime, under our own key: the stylesheet's default-theme variables sit under antd's
 * generated key and so never apply here.
 */
export const theme: ThemeConfig = {
  zeroRuntime: true,
  cssVar: { key: 'cp-theme' },
  token: { colorPrimary: themeColor, colorLink: themeColor, borderRadius: 4 },
  components: {
    Menu: { itemSelectedBg: '#fff7e6', itemSelectedColor: themeColor, horizontalItemSelectedColor: themeColor },
  },
};
