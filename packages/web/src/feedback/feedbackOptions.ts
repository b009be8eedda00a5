import type { MenuNode } from '@cp/contracts';

export const suggestionLevels = ['高', '中', '低'].map((level) => ({ label: level, value: level }));

export const faultTypes = ['阻塞使用流程', '涉及结算/财务/金额', '普通功能错误', '以上都有'].map((type) => ({
  label: type,
  value: type,
}));

export const maxSuggestionScreenshots = 3;
export const screenshotExtensions = ['png', 'jpg', 'jpeg'];

export interface MenuOption {
  label: string;
  value: string;
}

/** The pages of the user's menu tree, each named by its titles from the top: `车辆管理 / 入库管理 / 待验车辆`. */
export function menuOptions(menuData: readonly MenuNode[], parents: string[] = []): MenuOption[] {
  const options: MenuOption[] = [];
  const seen = new Set<string>();
  const visit = (nodes: readonly MenuNode[], trail: string[]) => {
    for (const node of nodes) {
      const path = [...trail, node.title];
      if (node.children?.length) visit(node.children, path);
      else if (node.path) {
        const name = path.join(' / ');
        if (!seen.has(name)) options.push({ label: name, value: name });
        seen.add(name);
      }
    }
  };
  visit(menuData, parents);
  return options;
}
