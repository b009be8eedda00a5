import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { buttonKeys } from '@cp/contracts';
import type { Config } from '../config';
import { XlsxWriter } from '../xlsx/writer';

/** The sheet an import screen takes: its columns, in order, with Chinese headers. */
export interface ImportTemplate {
  kind: string;
  /** The file's name without extension: `财务编码导入模板`. */
  name: string;
  /** The import button of the screen (`…:import` of the route catalogue). */
  permission: string;
  columns: readonly { header: string; width?: number }[];
}

const knownButtons = new Set(buttonKeys);

/** Checks the template's button; the headers keep their literal types for the import that reads them. */
export function defineImportTemplate<const T extends ImportTemplate>(template: T): T {
  if (!knownButtons.has(template.permission) || !template.permission.endsWith(':import')) {
    throw new Error(`template ${template.name}: ${template.permission} is not an import button of the route catalogue`);
  }
  return template;
}

/** 违章导入 (/violationManagement): vehicles/violation-import.ts reads the cells by these headers. */
export const violationTemplate = defineImportTemplate({
  kind: 'violation',
  name: '违章导入模板',
  permission: 'violationManagement:import',
  columns: [
    { header: '车牌号', width: 12 },
    { header: '违章时间', width: 20 },
    { header: '违章地点', width: 30 },
    { header: '违章行为', width: 36 },
    { header: '扣分', width: 8 },
    { header: '罚款（元）', width: 12 },
    { header: '处理状态', width: 12 },
    { header: '备注', width: 30 },
  ],
});

/**
 * Templates of the import screens. Financial codes come first; the columns are the screen's until its
 * feature owns them.
 */
export const importTemplates: ReadonlyMap<string, ImportTemplate> = new Map(
  [
    defineImportTemplate({
      kind: 'financialCode',
      name: '财务编码导入模板',
      permission: 'financialCodeImport:import',
      columns: [
        { header: '财务编码' },
        { header: '交易名称', width: 24 },
        { header: '科目名称', width: 24 },
        { header: '备注', width: 30 },
      ],
    }),
    violationTemplate,
  ].map((template) => [template.kind, template]),
);

/** The template as an .xlsx with its header row, made once per column set and kept in DATA_DIR/generated. */
export async function templateFile(config: Config, template: ImportTemplate): Promise<{ path: string; size: number }> {
  const hash = createHash('sha256').update(JSON.stringify(template.columns)).digest('hex').slice(0, 12);
  const folder = path.join(config.dataDir, 'generated', 'templates');
  const target = path.join(folder, `${template.kind}-${hash}.xlsx`);
  const existing = await stat(target).catch(() => null);
  if (existing) return { path: target, size: existing.size };
  await mkdir(folder, { recursive: true });
  const temporary = `${target}.${randomBytes(4).toString('hex')}.tmp`;
  const writer = new XlsxWriter(temporary, template.columns, { sheetTitle: template.name.slice(0, 31) });
  try {
    const size = await writer.finish();
    await rename(temporary, target);
    return { path: target, size };
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Why a filled-in sheet's header row is not the template's, or null when it is. */
export function headerProblem(template: ImportTemplate, header: readonly string[]): string | null {
  for (const [index, column] of template.columns.entries()) {
    const actual = header[index] ?? '';
    if (actual !== column.header) {
      return `模板表头不符：第${index + 1}列应为「${column.header}」，实际为「${actual || '空'}」，请下载最新模板`;
    }
  }
  return null;
}
