import type { ThemeConfig } from 'antd';

/**
 * The console's orange. Dark enough that white text on it (primary buttons) and it as text on white (links,
 * the selected tab and menu item) reach WCAG AA's 4.5:1: antd's default orange (#fa8c16) gave 2.38:1.
 */
export const themeColor = '#c2410c';
/** Hover and press darken rather than lighten (antd's default), so a hovered button keeps its contrast too. */
const themeHover = '#9a3412';
const themeActive = '#7c2d12';
/** The pale orange behind a selected menu item. */
export const themeSelectedBg = '#fff7e6';

/**
 * The console's orange theme. Component styles come from antd's prebuilt stylesheet (`zeroRuntime`), not from
 * style objects built in the browser on first use. The theme reaches them through CSS variables, which antd
 * still writes at runtime, under our own key: the stylesheet's default-theme variables sit under antd's
 * generated key and so never apply here.
 */
export const theme: ThemeConfig = {
  zeroRuntime: true,
  cssVar: { key: 'cp-theme' },
  token: {
    colorPrimary: themeColor,
    colorPrimaryHover: themeHover,
    colorPrimaryActive: themeActive,
    colorPrimaryTextHover: themeHover,
    colorPrimaryTextActive: themeActive,
    colorLink: themeColor,
    colorLinkHover: themeHover,
    colorLinkActive: themeActive,
    borderRadius: 4,
  },
  components: {
    Menu: {
      itemSelectedBg: themeSelectedBg,
      itemSelectedColor: themeColor,
      horizontalItemSelectedColor: themeColor,
    },
  },
};
