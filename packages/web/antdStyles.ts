import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/**
 * antd's prebuilt stylesheet (`antd/dist/antd.css`, about 1 MB) cut down to the components a page draws, for
 * the pages shown before the console has loaded (/login, /404): `import 'virtual:antd-css/btn,form,input'`
 * gives the rules whose classes all belong to those components (`.ant-btn…`, `.ant-form…`, `.ant-input…`),
 * the rules of no component (links, icons, keyframes) and nothing else. The console imports the whole
 * stylesheet; a page shown both before and after it loads sees the same rules either way.
 */
const antdCssPrefix = 'virtual:antd-css/';

interface Block {
  /** The selector list, or the at-rule's prelude (`@media (max-width: 575px)`). */
  prelude: string;
  /** A rule's declarations, or an at-rule's inner blocks. */
  body: string | Block[];
}

/** At-rules whose body holds rules (their inner rules are filtered); others (keyframes) are kept whole. */
const groupingAtRule = /^@(media|supports|container|layer)\b/;

/** The index of the `}` closing the block opened at `open`, skipping quoted strings. */
function closingBrace(css: string, open: number): number {
  let depth = 0;
  for (let at = open; at < css.length; at++) {
    const char = css[at];
    if (char === '"' || char === "'") {
      at++;
      while (at < css.length && css[at] !== char) at += css[at] === '\\' ? 2 : 1;
    } else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return at;
  }
  throw new Error(`antd.css: unbalanced braces after offset ${open}`);
}

function parseCss(css: string): Block[] {
  const blocks: Block[] = [];
  let at = 0;
  while (at < css.length) {
    const open = css.indexOf('{', at);
    if (open < 0) break;
    const prelude = css.slice(at, open).trim();
    const close = closingBrace(css, open);
    const inner = css.slice(open + 1, close);
    blocks.push({ prelude, body: groupingAtRule.test(prelude) ? parseCss(inner) : inner });
    at = close + 1;
  }
  return blocks;
}

/** A selector list split at its top-level commas (not those inside `:not(…)`, `:is(…)`, `[…]`). */
export function splitSelectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < list.length; at++) {
    const char = list[at];
    if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(list.slice(start, at));
      start = at + 1;
    }
  }
  parts.push(list.slice(start));
  return parts.map((part) => part.trim()).filter(Boolean);
}

/** What `:not(…)` names is what the element is not: it does not make the rule another component's. */
function withoutNegations(selector: string): string {
  let out = '';
  let at = 0;
  while (at < selector.length) {
    const not = selector.indexOf(':not(', at);
    if (not < 0) return out + selector.slice(at);
    out += selector.slice(at, not);
    let depth = 0;
    let end = not + 4;
    for (; end < selector.length; end++) {
      if (selector[end] === '(') depth++;
      else if (selector[end] === ')' && --depth === 0) break;
    }
    at = end + 1;
  }
  return out;
}

/** The components a selector styles: `.ant-form-item .ant-input:not(.ant-select-x)` → form, input. */
export function componentsOf(selector: string): string[] {
  return [...withoutNegations(selector).matchAll(/\.ant-([a-z]+)/g)].map((match) => match[1] as string);
}

/**
 * antd's default-theme variables sit under its own generated keys (`.css-var-_R_0_`); the console's theme writes
 * its variables under `cp-theme` (app/theme.ts), so no element ever carries those classes.
 */
const defaultThemeVariables = /\.css-var-/;

/** The blocks of `blocks` for `components`, with the rules of no component; the components met are added to `seen`. */
function pick(blocks: Block[], components: ReadonlySet<string>, seen: Set<string>): Block[] {
  return blocks.flatMap((block): Block[] => {
    if (Array.isArray(block.body)) {
      const inner = pick(block.body, components, seen);
      return inner.length > 0 ? [{ prelude: block.prelude, body: inner }] : [];
    }
    if (block.prelude.startsWith('@')) return [block];
    const kept = splitSelectors(block.prelude).filter((selector) => {
      if (defaultThemeVariables.test(selector)) return false;
      const named = componentsOf(selector);
      for (const name of named) if (components.has(name)) seen.add(name);
      return named.every((name) => components.has(name));
    });
    return kept.length > 0 ? [{ prelude: kept.join(','), body: block.body }] : [];
  });
}

function print(blocks: Block[]): string {
  return blocks
    .map((block) => `${block.prelude}{${Array.isArray(block.body) ? print(block.body) : block.body}}`)
    .join('');
}

/** The stylesheet `css` (antd.css) for `components` (class stems: `btn`, `form`, `input`…), in its own order. */
export function antdCssFor(css: string, components: readonly string[]): string {
  const wanted = new Set(components);
  const seen = new Set<string>();
  const picked = print(pick(parseCss(css), wanted, seen));
  const unknown = components.filter((name) => !seen.has(name));
  if (unknown.length > 0) throw new Error(`antd.css 中没有这些组件的样式：${unknown.join('、')}`);
  return picked;
}

/** The build and dev-server side of `virtual:antd-css/<components>`. */
export function antdStyles(): Plugin {
  const resolved = '\0antd-css:';
  let source: string | undefined;
  const antdCss = () => {
    source ??= readFileSync(createRequire(import.meta.url).resolve('antd/dist/antd.css'), 'utf8');
    return source;
  };
  return {
    name: 'cp-antd-styles',
    enforce: 'pre',
    resolveId(id) {
      // The `.css` ending makes Vite treat the module as a stylesheet (bundled, hashed, preloaded with its chunk).
      return id.startsWith(antdCssPrefix) ? `${resolved}${id.slice(antdCssPrefix.length)}.css` : undefined;
    },
    load(id) {
      if (!id.startsWith(resolved)) return undefined;
      const components = id.slice(resolved.length, -'.css'.length).split(',');
      return antdCssFor(antdCss(), components);
    },
  };
}
