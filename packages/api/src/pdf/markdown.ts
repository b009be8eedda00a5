import PDFDocument from 'pdfkit';
import { cjkFonts } from './fonts';

type Doc = PDFKit.PDFDocument;

export type Block =
  | { type: 'heading'; level: number; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; ordered: boolean; items: string[] }
  | { type: 'quote'; text: string }
  | { type: 'code'; text: string }
  | { type: 'table'; header: string[]; rows: string[][] }
  | { type: 'rule' };

/** Inline Markdown to plain text: the PDF shows emphasis and code as text, links by their words. */
function inlineText(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/__([^_]+)__/g, '$1')
    .replace(/`([^`]+)`/g, '「$1」')
    .replace(/(^|[^*])\*([^*]+)\*/g, '$1$2')
    .trim();
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => inlineText(cell.trim()));

/** The block structure of the subset of Markdown the manual uses. */
export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    const trimmed = line.trim();
    if (trimmed === '') {
      i++;
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(trimmed);
    if (heading) {
      blocks.push({ type: 'heading', level: heading[1]?.length ?? 1, text: inlineText(heading[2] ?? '') });
      i++;
    } else if (/^(-{3,}|\*{3,})$/.test(trimmed)) {
      blocks.push({ type: 'rule' });
      i++;
    } else if (trimmed.startsWith('```')) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] ?? '').trim().startsWith('```')) code.push(lines[i++] ?? '');
      i++;
      blocks.push({ type: 'code', text: code.join('\n') });
    } else if (trimmed.startsWith('|')) {
      const header = cells(trimmed);
      const rows: string[][] = [];
      i++;
      if (/^\|?\s*:?-+/.test((lines[i] ?? '').trim())) i++;
      while (i < lines.length && (lines[i] ?? '').trim().startsWith('|')) rows.push(cells(lines[i++] ?? ''));
      blocks.push({ type: 'table', header, rows });
    } else if (/^([-*+]|\d+\.)\s+/.test(trimmed)) {
      const ordered = /^\d+\./.test(trimmed);
      const items: string[] = [];
      while (i < lines.length && /^\s*([-*+]|\d+\.)\s+/.test(lines[i] ?? '')) {
        items.push(inlineText((lines[i] ?? '').trim().replace(/^([-*+]|\d+\.)\s+/, '')));
        i++;
      }
      blocks.push({ type: 'list', ordered, items });
    } else if (trimmed.startsWith('>')) {
      const quote: string[] = [];
      while (i < lines.length && (lines[i] ?? '').trim().startsWith('>')) {
        quote.push((lines[i++] ?? '').trim().replace(/^>\s?/, ''));
      }
      blocks.push({ type: 'quote', text: inlineText(quote.join('')) });
    } else {
      const paragraph: string[] = [];
      while (
        i < lines.length &&
        (lines[i] ?? '').trim() !== '' &&
        !/^(#|\||>|```|[-*+]\s|\d+\.\s)/.test((lines[i] ?? '').trim())
      ) {
        paragraph.push((lines[i++] ?? '').trim());
      }
      blocks.push({ type: 'paragraph', text: inlineText(paragraph.join('')) });
    }
  }
  return blocks;
}

const theme = { text: '#1f1f1f', muted: '#666666', accent: '#fa8c16', border: '#d9d9d9', fill: '#fff7e6' };
const headingSizes = [0, 22, 16, 13, 12, 11, 11];

function ensureRoom(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function drawTable(doc: Doc, header: string[], rows: string[][]): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const count = Math.max(header.length, 1);
  // Wider columns for longer text, within bounds.
  const weights = header.map((_, c) =>
    Math.min(40, Math.max(6, ...[header, ...rows].map((row) => (row[c] ?? '').length))),
  );
  const total = weights.reduce((a, b) => a + b, 0) || count;
  const widths = weights.map((weight) => (weight / total) * width);
  const pad = 4;
  const rowHeight = (row: string[], bold: boolean) => {
    doc.font(bold ? 'cjk-bold' : 'cjk').fontSize(9.5);
    return Math.max(...widths.map((w, c) => doc.heightOfString(row[c] ?? '', { width: w - pad * 2 })), 10) + pad * 2;
  };
  const drawRow = (row: string[], bold: boolean, height: number) => {
    doc.font(bold ? 'cjk-bold' : 'cjk').fontSize(9.5);
    const top = doc.y;
    let x = left;
    widths.forEach((w, c) => {
      if (bold) doc.rect(x, top, w, height).fillAndStroke(theme.fill, theme.border);
      else doc.rect(x, top, w, height).stroke(theme.border);
      doc.fillColor(theme.text).text(row[c] ?? '', x + pad, top + pad, { width: w - pad * 2 });
      x += w;
    });
    doc.x = left;
    doc.y = top + height;
  };
  const headerHeight = rowHeight(header, true);
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  doc.lineWidth(0.5);
  // The header never stays alone at the foot of a page, and is repeated on each page the table continues on.
  ensureRoom(doc, headerHeight + (rows[0] ? rowHeight(rows[0], false) : 0));
  drawRow(header, true, headerHeight);
  for (const row of rows) {
    const height = rowHeight(row, false);
    if (doc.y + height > bottom()) {
      doc.addPage();
      doc.lineWidth(0.5);
      drawRow(header, true, headerHeight);
    }
    drawRow(row, false, height);
  }
  doc.moveDown(0.6);
}

/** Lays the blocks out on A4 pages with the CJK font, and numbers the pages. */
export function renderBlocks(doc: Doc, blocks: Block[]): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  for (const block of blocks) {
    doc.x = left;
    switch (block.type) {
      case 'heading': {
        const size = headingSizes[block.level] ?? 11;
        if (block.level === 2 && doc.y > doc.page.margins.top + 10) ensureRoom(doc, 120);
        else ensureRoom(doc, size * 3);
        doc.moveDown(block.level <= 2 ? 0.8 : 0.4);
        doc
          .font('cjk-bold')
          .fontSize(size)
          .fillColor(block.level === 1 ? theme.accent : theme.text)
          .text(block.text);
        if (block.level <= 2) {
          doc
            .moveTo(left, doc.y + 2)
            .lineTo(left + width, doc.y + 2)
            .lineWidth(block.level === 1 ? 1.5 : 0.5)
            .stroke(block.level === 1 ? theme.accent : theme.border);
        }
        doc.moveDown(0.5);
        break;
      }
      case 'paragraph':
        doc.font('cjk').fontSize(10.5).fillColor(theme.text).text(block.text, { lineGap: 3, paragraphGap: 6 });
        break;
      case 'list':
        doc.font('cjk').fontSize(10.5).fillColor(theme.text);
        block.items.forEach((item, index) => {
          const marker = block.ordered ? `${index + 1}.` : '•';
          ensureRoom(doc, 16);
          const top = doc.y;
          doc.text(marker, left + 6, top, { width: 18 });
          doc.text(item, left + 24, top, { width: width - 24, lineGap: 3 });
          doc.moveDown(0.2);
        });
        doc.moveDown(0.4);
        break;
      case 'quote': {
        doc.font('cjk').fontSize(10).fillColor(theme.muted);
        const height = doc.heightOfString(block.text, { width: width - 16 }) + 8;
        ensureRoom(doc, height);
        const top = doc.y;
        doc.rect(left, top, 3, height).fill(theme.accent);
        doc.fillColor(theme.muted).text(block.text, left + 12, top + 4, { width: width - 16 });
        doc.moveDown(0.6);
        break;
      }
      case 'code':
        doc
          .font('cjk')
          .fontSize(9)
          .fillColor('#333333')
          .text(block.text, left + 8, doc.y, { width: width - 16 });
        doc.moveDown(0.6);
        break;
      case 'table':
        drawTable(doc, block.header, block.rows);
        break;
      case 'rule':
        doc
          .moveDown(0.3)
          .moveTo(left, doc.y)
          .lineTo(left + width, doc.y)
          .lineWidth(0.5)
          .stroke(theme.border);
        doc.moveDown(0.6);
        break;
    }
  }
}

/** A new A4 document with the CJK fonts registered as `cjk` and `cjk-bold`. */
export function newDocument(info: { title: string; subject?: string }): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 64, bottom: 64, left: 60, right: 60 },
    bufferPages: true,
    info: {
      Title: info.title,
      Subject: info.subject ?? info.title,
      Author: 'CP运营管理系统',
      Creator: 'CP运营管理系统',
    },
    lang: 'zh-CN',
    displayTitle: true,
  });
  doc.registerFont('cjk', cjkFonts.regular);
  doc.registerFont('cjk-bold', cjkFonts.bold);
  doc.font('cjk');
  return doc;
}

/** Page header and `第 n 页 / 共 m 页` footer on every page, once all pages exist. */
export function numberPages(doc: Doc, header: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const { width, height, margins } = doc.page;
    const bottom = margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('cjk').fontSize(8.5).fillColor(theme.muted);
    doc.text(header, margins.left, 32, { width: width - margins.left - margins.right, align: 'right' });
    doc.text(`第 ${i + 1} 页 / 共 ${range.count} 页`, margins.left, height - 42, {
      width: width - margins.left - margins.right,
      align: 'center',
    });
    doc.page.margins.bottom = bottom;
  }
}
