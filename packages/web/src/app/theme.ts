import type { ThemeConfig } from 'antd';

export const themeColor = '#fa8c16';

/** The console's orange theme. */
export const theme: ThemeConfig = {
  token: { colorPrimary: themeColor, colorLink: themeColor, borderRadius: 4 },
  components: {
    Menu: { itemSelectedBg: '#fff7e6', itemSelectedColor: themeColor, horizontalItemSelectedColor: themeColor },
  },
};
