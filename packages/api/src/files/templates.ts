import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { buttonKeys } from '@cp/contracts';
import type { Config } from '../config';
import { XlsxWriter } from '../xlsx/writer';

interface TemplateColumn {
  header: string;
  width?: number;
  /** Shown in the example row (row 2), which an import leaves out. */
  example?: string;
  required?: boolean;
  /** What the 说明 sheet says of the column: the format, the values it takes. */
  note?: string;
}

/** The sheet an import screen takes: its columns, in order, with Chinese headers. */
export interface ImportTemplate {
  kind: string;
  /** The file's name without extension: `财务编码导入模板`. */
  name: string;
  /** The import button of the screen (`…:import` of the route catalogue). */
  permission: string;
  columns: readonly TemplateColumn[];
  /** What the 说明 sheet says first. */
  note?: string;
}

const knownButtons = new Set(buttonKeys);
const templates = new Map<string, ImportTemplate>();

/** Registers a template, checking its button is an import button of the catalogue. */
export function defineImportTemplate<const T extends ImportTemplate>(template: T): T {
  if (!knownButtons.has(template.permission) || !template.permission.endsWith(':import')) {
    throw new Error(`template ${template.name}: ${template.permission} is not an import button of the route catalogue`);
  }
  if (templates.has(template.kind)) throw new Error(`import template ${template.kind} declared twice`);
  templates.set(template.kind, template);
  return template;
}

export function importTemplate(kind: string): ImportTemplate | undefined {
  return templates.get(kind);
}

/** The example row holds something: the template writes it and imports pass it over. */
const hasExample = (template: ImportTemplate) => template.columns.some((column) => column.example);

/**
 * The template as an .xlsx: the header row, an example row, and a 说明 sheet saying what each column
 * takes. Made once per template and kept in DATA_DIR/generated.
 */
export async function templateFile(config: Config, template: ImportTemplate): Promise<{ path: string; size: number }> {
  const hash = createHash('sha256').update(JSON.stringify(template)).digest('hex').slice(0, 12);
  const folder = path.join(config.dataDir, 'generated', 'templates');
  const target = path.join(folder, `${template.kind}-${hash}.xlsx`);
  const existing = await stat(target).catch(() => null);
  if (existing) return { path: target, size: existing.size };
  await mkdir(folder, { recursive: true });
  const temporary = `${target}.${randomBytes(4).toString('hex')}.tmp`;
  const notes = [
    ...(template.note ? [['说明', '', template.note]] : []),
    ...(hasExample(template) ? [['示例行', '', '第2行为示例，与示例完全相同的行不会导入，可保留也可删除']] : []),
    ...template.columns.map((column) => [column.header, column.required ? '是' : '否', column.note ?? '']),
  ];
  const writer = new XlsxWriter(temporary, template.columns, {
    sheetTitle: template.name.slice(0, 31),
    extraSheets: [
      {
        title: '说明',
        columns: [
          { header: '列名', width: 20 },
          { header: '必填', width: 8 },
          { header: '说明', width: 60 },
        ],
        rows: notes,
      },
    ],
  });
  try {
    if (hasExample(template)) writer.addRow(template.columns.map((column) => column.example ?? ''));
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
