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
 * Grey text (descriptions, the breadcrumb, placeholders, empty lists): antd's 45 % black gave
 * 3.36:1 on white; 57 % gives 5.1:1 on white and 5.0:1 on the page's grey. Disabled text keeps antd's lighter grey
 * (WCAG exempts it).
 */
const secondaryText = 'rgba(0, 0, 0, 0.57)';

/**
 * Status colours: tags, danger buttons and the menu's count badge write them as text, on their pale background,
 * on white, or white on them. Each is its palette's darker step, with antd's own pale background and border kept
 * (the ones antd would derive from a dark seed are grey).
 */
const status = {
  colorSuccess: '#237804',
  colorSuccessBg: '#f6ffed',
  colorSuccessBorder: '#b7eb8f',
  colorInfo: '#0958d9',
  colorInfoBg: '#e6f4ff',
  colorInfoBorder: '#91caff',
  colorError: '#cf1322',
  colorErrorHover: '#a8071a',
  colorErrorActive: '#820014',
  colorErrorBg: '#fff2f0',
  colorErrorBorder: '#ffccc7',
  // Warning keeps antd's amber for its icons: only its text (Typography's warning) darkens.
  colorWarningText: '#874d00',
} as const;

/**
 * A coloured tag writes its text in its palette's 7th step on the 1st: for these palettes that was under 4.5:1
 * (orange 3.34, gold 2.76, green 3.37, cyan 3.39…), so their text takes a darker step.
 */
const tagTextColours = {
  volcano: '#ad2102',
  orange: '#ad4e00',
  gold: '#874d00',
  yellow: '#876800',
  lime: '#3f6600',
  green: '#237804',
  cyan: '#006d75',
} as const;

/** antd keeps each palette step under two names (`orange7`, `orange-7`); its stylesheet reads the second. */
const tagTextTokens = Object.fromEntries(
  Object.entries(tagTextColours).flatMap(([preset, colour]) => [
    [`${preset}7`, colour],
    [`${preset}-7`, colour],
  ]),
);

/**
 * The class antd puts on its components, under which it writes the theme's CSS variables (`--ant-color-text`…);
 * markup of our own that reads them carries it too (the login card).
 */
export const themeVariablesClass = 'cp-theme';

/**
 * The console's orange theme. Component styles come from antd's prebuilt stylesheet (`zeroRuntime`), not from
 * style objects built in the browser on first use. The theme reaches them through CSS variables, which antd
 * still writes at runtime, under our own key: the stylesheet's default-theme variables sit under antd's
 * generated key and so never apply here.
 */
export const theme: ThemeConfig = {
  zeroRuntime: true,
  cssVar: { key: themeVariablesClass },
  token: {
    colorPrimary: themeColor,
    colorPrimaryHover: themeHover,
    colorPrimaryActive: themeActive,
    colorPrimaryTextHover: themeHover,
    colorPrimaryTextActive: themeActive,
    colorLink: themeColor,
    colorLinkHover: themeHover,
    colorLinkActive: themeActive,
    colorTextTertiary: secondaryText,
    colorTextDescription: secondaryText,
    colorTextPlaceholder: secondaryText,
    ...status,
    ...tagTextTokens,
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
