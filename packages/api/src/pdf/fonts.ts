import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const family = '@expo-google-fonts/noto-sans-sc';

/** Noto Sans SC (SIL Open Font License), embedded as a subset: Chinese text renders and can be searched. */
export const cjkFonts = {
  regular: require.resolve(`${family}/400Regular/NotoSansSC_400Regular.ttf`),
  bold: require.resolve(`${family}/700Bold/NotoSansSC_700Bold.ttf`),
};
