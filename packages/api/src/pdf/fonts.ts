import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Noto Sans SC (SIL Open Font License), embedded as a subset: Chinese text renders and can be searched. */
export const cjkFonts = {
  regular: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
};
