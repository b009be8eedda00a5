import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { waitForDialogsToSettle } from './support/page';
import { demoAccounts, signIn } from './support/session';

const open = useBrowser();
const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

interface KeyPage {
  title: string;
  /** Opens the page as a user would and waits for its content. */
  visit: (page: Page) => Promise<void>;
}

const list = (path: string) => async (page: Page) => {
  await page.goto(path);
  // The first visit compiles the app in a cold browser while other suites share the machine.
  await rows(page).first().waitFor({ timeout: 45_000 });
};

/** The detail of the list's first row, opened by its 详情 (the list stays cached behind it). */
const detailFrom = (path: string, detailPath: string) => async (page: Page) => {
  await list(path)(page);
  await rows(page).first().getByRole('button', { name: '详情', exact: true }).click();
  await page.waitForURL((url) => url.pathname === detailPath);
  await page.locator('.ant-descriptions').first().waitFor();
};

const keyPages: KeyPage[] = [
  {
    title: '首页',
    visit: async (page) => {
      await page.goto('/home');
      await page.getByRole('link', { name: /^待我审批/ }).waitFor({ timeout: 45_000 });
    },
  },
  { title: '线索明细', visit: list('/threadDeatails') },
  { title: '网约车司机', visit: list('/ridehailingDrivers') },
  { title: '网约车司机详情', visit: detailFrom('/ridehailingDrivers', '/ridehailingDriversDetails') },
  { title: '租赁订单', visit: list('/leaseOrder') },
  { title: '租赁订单详情', visit: detailFrom('/leaseOrder', '/leaseOrderDetails') },
  { title: '账单列表', visit: list('/billList') },
  { title: '账单详情', visit: detailFrom('/billList', '/billListDetails') },
  { title: '车辆列表', visit: list('/vehicleList') },
  { title: '待办事项', visit: list('/tobeDone') },
];

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string; summary: string }[];
}

interface AxeReport {
  violations: Finding[];
  /**
   * What the contrast check measured, by the elements a reader looks at first: the page's h1 and its primary
   * (filled orange) buttons. Under the watermark axe measures nothing; text it cannot measure is left unjudged.
   */
  contrastMeasured: { h1: boolean; primaryButtons: number; primaryButtonsMeasured: number };
}

/**
 * Runs axe-core on the page as it stands. The watermark (SPEC: the user's name drawn across the console) is an
 * image laid over everything, and axe cannot measure text through it: it is set aside for the run by a
 * stylesheet the page never sees otherwise, then restored.
 */
async function runAxe(page: Page): Promise<AxeReport> {
  // Evaluated rather than added as a <script>: the console's content security policy refuses inline scripts.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const watermark = new CSSStyleSheet();
    watermark.replaceSync('.watermark-layer > div > div[style*="background-image"] { display: none !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, watermark];
    try {
      interface AxeNode {
        target: unknown[];
        failureSummary?: string;
        element?: Element;
      }
      interface AxeResult {
        id: string;
        impact?: string | null;
        help: string;
        nodes: AxeNode[];
      }
      type Run = (
        context: Document,
        options: { elementRef: boolean },
      ) => Promise<Record<'violations' | 'passes', AxeResult[]>>;
      const axe = (window as unknown as { axe: { run: Run } }).axe;
      const results = await axe.run(document, { elementRef: true });
      const finding = ({ id, impact, help, nodes }: AxeResult) => ({
        id,
        impact: impact ?? null,
        help,
        nodes: nodes.map((node) => ({ target: node.target.join(' '), summary: node.failureSummary ?? '' })),
      });
      const measured = results.passes
        .filter((result) => result.id === 'color-contrast')
        .flatMap((result) => result.nodes.map((node) => node.element));
      const wasMeasured = (element: Element | null) =>
        element !== null && measured.some((text) => text !== undefined && element.contains(text));
      const primaryButtons = Array.from(
        document.querySelectorAll('.ant-btn-variant-solid.ant-btn-color-primary'),
      ).filter((button) => button.checkVisibility() && (button.textContent ?? '').trim() !== '');
      return {
        violations: results.violations.map(finding),
        contrastMeasured: {
          h1: wasMeasured(document.querySelector('h1')),
          primaryButtons: primaryButtons.length,
          primaryButtonsMeasured: primaryButtons.filter(wasMeasured).length,
        },
      };
    } finally {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== watermark);
    }
  });
}

/** The findings as a reader of a failed run needs them: rule, impact, help, and each element with what to fix. */
const describeFindings = (findings: Finding[]) =>
  findings
    .map(
      ({ id, impact, help, nodes }) =>
        `${id} (${impact}): ${help}\n${nodes.map((node) => `  ${node.target}\n    ${node.summary.replace(/\n/g, '\n    ')}`).join('\n')}`,
    )
    .join('\n');

describe('accessibility of the key pages (axe-core, as 系统管理员 at 1400 × 900)', () => {
  it.each(keyPages)(
    '$title: one h1 naming the page, no serious or critical violations, text at 4.5:1',
    {
      timeout: 120_000,
    },
    async ({ title, visit }) => {
      const { context, page } = await open();
      await signIn(context, demoAccounts.admin);
      await visit(page);
      await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
      await waitForDialogsToSettle(page);
      // Colours are measured once nothing moves: a pager enabled as its list's load ends fades from its
      // disabled grey for 0.2 s, and axe measured the grey (1.81:1) on a loaded machine.
      // (A looping animation — a status dot's pulse — never ends and is not waited for.)
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every(
            (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
          ),
      );

      const headings = await page.locator('h1').allTextContents();
      expect(headings).toEqual([title]);

      const report = await runAxe(page);
      const blocking = report.violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
      expect(
        blocking.map(({ id }) => id),
        describeFindings(blocking),
      ).toEqual([]);
      const contrast = report.violations.filter(({ id }) => id === 'color-contrast');
      expect(
        contrast.map(({ id }) => id),
        describeFindings(contrast),
      ).toEqual([]);
      // The contrast check saw the page's text, not the watermark over it.
      const { h1, primaryButtons, primaryButtonsMeasured } = report.contrastMeasured;
      expect(h1).toBe(true);
      expect(primaryButtonsMeasured).toBe(primaryButtons);
    },
  );
});
