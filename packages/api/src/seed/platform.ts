import { randomBytes } from 'node:crypto';
import {
  buttonKeys,
  consoleAppId,
  menuKeys,
  routeCatalogue,
  type SectionKey,
  viewSensitiveAction,
} from '@cp/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db';
import { hashPassword } from '../identity/passwords';
import { accountRoles, accounts, roles, tenants, users } from '../identity/tables';

/** The built-in role that always holds every menu and button of the catalogue. */
export const superAdminRoleCode = 'superAdmin';
/** The roles the seeded approval processes name as approvers. */
export const approverRoleCodes = { manager: 'opsManager', finance: 'finance' } as const;

const demoTenants = [
  { code: 'BJ', name: '北京分公司' },
  { code: 'SH', name: '上海分公司' },
];

function keysOfSections(
  sectionKeys: SectionKey[],
  keepButton: (key: string) => boolean,
  alsoPages: (route: (typeof routeCatalogue)[number]) => boolean = () => false,
) {
  const pages = routeCatalogue.filter(
    (route) => (route.section && sectionKeys.includes(route.section)) || alsoPages(route),
  );
  return {
    menuKeys: pages.filter((route) => !route.hidden).map((route) => route.key),
    // Personal numbers whole (查看敏感信息) are the administrator's alone until a role is granted them.
    buttonKeys: pages
      .flatMap((route) => route.buttons.map((button) => button.key))
      .filter((key) => keepButton(key) && !key.endsWith(`:${viewSensitiveAction}`)),
  };
}

/** The keys of the approvers' roles: 运营经理 (orders and approvals), 财务专员 (the books and approvals). */
/** The refund payout (确认打款) is finance's: neither ops nor the 运营经理 pays money out. */
const refundPayout = 'accountingSheet:refundPay';

function approverKeys() {
  // The 运营经理's group collects the M3 and M3+ accounts (坏账分级配置): 坏账管理 is theirs too — calls, 分配,
  // 登记回款 — but not 确认到账, which is 财务's (money recorded by one is confirmed by another).
  const managerKeys = keysOfSections(
    ['order', 'approval'],
    (key) => !/:delete$/.test(key) && key !== refundPayout && key !== 'badDebtPayment:confirmArrival',
    (route) => route.group === '坏账管理',
  );
  // 财务 also keeps the books' other screens: 租金管理 and 坏账管理 (collection), and the finance configuration;
  // and 核算单, to pay approved deposit refunds out (确认打款), nothing else of it.
  const financeKeys = keysOfSections(
    ['finance', 'approval'],
    (key) => !/:delete$/.test(key) && !/^accountingSheet:(edit|refundResubmit)$/.test(key),
    (route) =>
      route.group === '租金管理' ||
      route.group === '坏账管理' ||
      [
        'financialCodeImport',
        'financialCodeImportRecord',
        'transactionNameConfiguration',
        'hierarchicalAllocation',
        'accountingSheet',
      ].includes(route.key),
  );
  return { managerKeys, financeKeys };
}

const superAdminRole = () => ({
  code: superAdminRoleCode,
  name: '超级管理员',
  remark: '系统内置：拥有全部菜单与按钮权限',
  menuKeys: [...menuKeys],
  buttonKeys: [...buttonKeys],
});

async function ensureTenant(tx: Tx, code: string, name: string) {
  await tx.insert(tenants).values({ code, name }).onConflictDoNothing({ target: tenants.code });
  const [row] = await tx.select().from(tenants).where(eq(tenants.code, code));
  if (!row) throw new Error(`tenant ${code} missing after insert`);
  return row;
}

async function ensureUser(
  tx: Tx,
  user: { loginId: string; password: string; userName: string; code: string; mobile: string; email: string },
) {
  const [existing] = await tx
    .select()
    .from(users)
    .where(eq(sql`lower(${users.loginId})`, user.loginId));
  if (existing) return existing;
  const { password, ...fields } = user;
  const [row] = await tx
    .insert(users)
    .values({ ...fields, passwordHash: await hashPassword(password) })
    .returning();
  if (!row) throw new Error(`user ${user.loginId} not inserted`);
  return row;
}

async function ensureRole(
  tx: Tx,
  tenantId: number,
  role: { code: string; name: string; remark: string; menuKeys: string[]; buttonKeys: string[] },
  syncKeys: boolean,
) {
  const [existing] = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.code, role.code)));
  if (existing) {
    if (syncKeys) {
      await tx
        .update(roles)
        .set({ menuKeys: role.menuKeys, buttonKeys: role.buttonKeys })
        .where(eq(roles.id, existing.id));
    }
    return existing;
  }
  const [row] = await tx
    .insert(roles)
    .values({ ...role, tenantId, appId: consoleAppId })
    .returning();
  if (!row) throw new Error(`role ${role.code} not inserted`);
  return row;
}

async function ensureMembership(tx: Tx, tenantId: number, userId: number, roleIds: number[], status = 1) {
  await tx.insert(accounts).values({ tenantId, userId, status }).onConflictDoNothing();
  const [account] = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.userId, userId)));
  if (!account) throw new Error('account missing after insert');
  for (const roleId of roleIds) {
    await tx.insert(accountRoles).values({ accountId: account.id, roleId, tenantId }).onConflictDoNothing();
  }
}

/**
 * Tenants, the demo accounts and their roles. Safe to run on every start: what exists is kept, and the
 * built-in super-admin role follows the route catalogue so new screens reach it.
 */
export async function seedPlatform(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const admin = await ensureUser(tx, {
      loginId: 'admin',
      password: 'admin123',
      userName: '系统管理员',
      code: 'CP0001',
      mobile: '13800000001',
      email: 'admin@cp-demo.cn',
    });
    const ops = await ensureUser(tx, {
      loginId: 'ops',
      password: 'ops123',
      userName: '运营专员',
      code: 'CP0002',
      mobile: '13800000002',
      email: 'ops@cp-demo.cn',
    });
    const opsKeys = keysOfSections(
      ['vehicle', 'order'],
      (key) => !/:(export|delete)$/.test(key) && key !== refundPayout,
    );
    const manager = await ensureUser(tx, {
      loginId: 'manager',
      password: 'manager123',
      userName: '王经理',
      code: 'CP0003',
      mobile: '13800000003',
      email: 'manager@cp-demo.cn',
    });
    const finance = await ensureUser(tx, {
      loginId: 'finance',
      password: 'finance123',
      userName: '李会计',
      code: 'CP0004',
      mobile: '13800000004',
      email: 'finance@cp-demo.cn',
    });
    const { managerKeys, financeKeys } = approverKeys();
    for (const [index, { code, name }] of demoTenants.entries()) {
      const tenant = await ensureTenant(tx, code, name);
      const superAdmin = await ensureRole(tx, tenant.id, superAdminRole(), true);
      await ensureMembership(tx, tenant.id, admin.id, [superAdmin.id]);
      const opsRole = await ensureRole(
        tx,
        tenant.id,
        { code: 'vehicleOrderOps', name: '车辆订单专员', remark: '车辆管理与订单管理，不含导出与删除', ...opsKeys },
        false,
      );
      if (index === 0) await ensureMembership(tx, tenant.id, ops.id, [opsRole.id]);
      // Approvers (README's accounts): 运营经理 decides orders and most approvals, 财务 confirms money.
      const managerRole = await ensureRole(
        tx,
        tenant.id,
        {
          code: approverRoleCodes.manager,
          name: '运营经理',
          remark: '订单管理与审批管理，审批订单与业务单据',
          ...managerKeys,
        },
        false,
      );
      const financeRole = await ensureRole(
        tx,
        tenant.id,
        {
          code: approverRoleCodes.finance,
          name: '财务专员',
          remark: '财务管理、租金与坏账管理、财务配置与审批管理，确认收款与退款',
          ...financeKeys,
        },
        false,
      );
      await ensureMembership(tx, tenant.id, manager.id, [managerRole.id]);
      await ensureMembership(tx, tenant.id, finance.id, [financeRole.id]);
      for (const [member, enabled] of demoStaff[code] ?? []) {
        const user = await ensureUser(tx, { ...member, password: randomBytes(12).toString('base64url') });
        await ensureMembership(tx, tenant.id, user.id, [opsRole.id], enabled ? 1 : 0);
      }
    }
    // The seeded administrator is the built-in one: it cannot be stopped or lose the super-admin role.
    await tx.update(users).set({ builtIn: true }).where(eq(users.id, admin.id));
  });
}

/**
 * Staff of 用户管理 beyond the two sign-in accounts: they sign in once an administrator resets their
 * password (重置密码); one of them is stopped.
 */
const demoStaff: Record<
  string,
  [{ loginId: string; userName: string; code: string; mobile: string; email: string }, boolean][]
> = {
  BJ: [
    [
      { loginId: 'zhangwei', userName: '张伟', code: 'CP0101', mobile: '13800000101', email: 'zhangwei@cp-demo.cn' },
      true,
    ],
    [
      { loginId: 'chenjing', userName: '陈静', code: 'CP0102', mobile: '13800000102', email: 'chenjing@cp-demo.cn' },
      false,
    ],
  ],
  SH: [
    [
      { loginId: 'liuyang', userName: '刘洋', code: 'CP0201', mobile: '13800000201', email: 'liuyang@cp-demo.cn' },
      true,
    ],
    [
      { loginId: 'zhoumin', userName: '周敏', code: 'CP0202', mobile: '13800000202', email: 'zhoumin@cp-demo.cn' },
      true,
    ],
  ],
};

/** The one branch company of a first install without demo data (DEMO_DATA=0); renamed on 分公司 screens later. */
const firstTenant = { code: 'HQ', name: '总公司' };

/**
 * A first install without demo data: one branch company, the built-in administrator `admin` (the password
 * given, to be changed after the first login) holding 超级管理员, and the roles the approval processes name
 * (运营经理, 财务专员) with nobody in them yet — an administrator gives them to the staff they add.
 */
export async function seedFirstInstall(db: Db, adminPassword: string): Promise<void> {
  await db.transaction(async (tx) => {
    const admin = await ensureUser(tx, {
      loginId: 'admin',
      password: adminPassword,
      userName: '系统管理员',
      code: 'CP0001',
      mobile: '13800000001',
      email: 'admin@example.com',
    });
    const tenant = await ensureTenant(tx, firstTenant.code, firstTenant.name);
    await setUpBranchCompany(tx, tenant.id, admin.id);
    await tx.update(users).set({ builtIn: true }).where(eq(users.id, admin.id));
  });
}

/**
 * What a new branch company needs to work (a first install's, or one made on 新增公司): its 超级管理员 role
 * held by `userId`, and the roles its approval processes name (运营经理, 财务专员), with nobody in them yet.
 */
export async function setUpBranchCompany(tx: Tx, tenantId: number, userId: number): Promise<void> {
  const superAdmin = await ensureRole(tx, tenantId, superAdminRole(), true);
  await ensureMembership(tx, tenantId, userId, [superAdmin.id]);
  const { managerKeys, financeKeys } = approverKeys();
  await ensureRole(
    tx,
    tenantId,
    {
      code: approverRoleCodes.manager,
      name: '运营经理',
      remark: '订单管理与审批管理，审批订单与业务单据',
      ...managerKeys,
    },
    false,
  );
  await ensureRole(
    tx,
    tenantId,
    {
      code: approverRoleCodes.finance,
      name: '财务专员',
      remark: '财务管理、租金与坏账管理、财务配置与审批管理，确认收款与退款',
      ...financeKeys,
    },
    false,
  );
}

/**
 * What every start keeps of the platform: the built-in 超级管理员 role of each branch company follows the
 * route catalogue, so new screens reach it. Nothing else is written: no user, account or role is made again.
 */
export async function syncBuiltInRoles(db: Db): Promise<void> {
  await db
    .update(roles)
    .set({ menuKeys: [...menuKeys], buttonKeys: [...buttonKeys] })
    .where(eq(roles.code, superAdminRoleCode));
}
