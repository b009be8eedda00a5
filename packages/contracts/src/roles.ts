import { z } from 'zod';
import { pageQuery } from './response';
import { buttonKeys, menuKeys, routesByKey } from './routes/catalogue';
import { text, versionNumber } from './values';

const knownMenus = new Set(menuKeys);
const knownButtons = new Set(buttonKeys);

const roleFields = {
  code: text()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_-]{1,31}$/, '须以字母开头，2-32位字母、数字、下划线或短横线')
    .meta({ title: '角色编码' }),
  name: text().trim().min(1, '不能为空').max(32).meta({ title: '角色名称' }),
  remark: text().trim().max(200).optional().meta({ title: '备注' }),
  menuKeys: z
    .array(text().refine((key) => knownMenus.has(key), { error: (issue) => `菜单 ${issue.input} 不存在` }))
    .max(1000)
    .default([])
    .meta({ title: '菜单权限' }),
  buttonKeys: z
    .array(text().refine((key) => knownButtons.has(key), { error: (issue) => `按钮 ${issue.input} 不存在` }))
    .max(5000)
    .default([])
    .meta({ title: '按钮权限' }),
};

/** A button is granted only together with the menu of its page. */
function checkButtonsHaveMenus(role: { menuKeys: string[]; buttonKeys: string[] }, ctx: z.RefinementCtx) {
  const menus = new Set(role.menuKeys);
  for (const key of role.buttonKeys) {
    const page = routesByKey.get(key.slice(0, key.indexOf(':')));
    if (page && !menus.has(page.menuKey)) {
      ctx.addIssue({ code: 'custom', path: ['buttonKeys'], message: `按钮 ${key} 所在的菜单「${page.title}」未授权` });
    }
  }
}

export const roleInput = z.strictObject(roleFields).superRefine(checkButtonsHaveMenus);
export type RoleInput = z.infer<typeof roleInput>;

export const roleUpdate = z.strictObject({ ...roleFields, version: versionNumber }).superRefine(checkButtonsHaveMenus);

export const roleListQuery = pageQuery
  .extend({
    keyword: text().trim().max(50).optional().meta({ title: '关键字' }),
  })
  .strict();

export const roleDto = z.object({
  id: text(),
  code: text(),
  name: text(),
  remark: text(),
  appId: text(),
  menuKeys: z.array(text()),
  buttonKeys: z.array(text()),
  accountCount: z.number().int().meta({ description: '分配了该角色的账号数' }),
  version: z.number().int(),
  createdAt: text(),
  updatedAt: text(),
});
export type RoleDto = z.infer<typeof roleDto>;
