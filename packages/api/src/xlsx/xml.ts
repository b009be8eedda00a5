/**
 * What a part's reader does with the XML as it streams by. Names come without their prefix (`x:row` →
 * `row`); attributes and text come as a range of `source`, to be sliced only by a handler that wants them.
 */
export interface XmlHandler {
  /** Set once the handler has read enough: the rest is not looked at. */
  readonly done: boolean;
  open(name: string, source: string, attributesFrom: number, attributesTo: number, selfClosing: boolean): void;
  close(name: string): void;
  /** Text between tags, raw (entities as written), in pieces; CDATA comes escaped back to raw form. */
  text(source: string, from: number, to: number): void;
}

/** Thrown with the reason, in Chinese; the reader names the part and turns it into an XlsxError. */
export class XmlError extends Error {}

const maxTagChars = 64 * 1024;
const maxDepth = 256;

enum Mode {
  Text,
  Markup,
  Tag,
  Comment,
  Instruction,
  Data,
}

const escapeData = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
const localNames = new Map<string, string>();
function localName(name: string): string {
  const colon = name.indexOf(':');
  if (colon < 0) return name;
  let local = localNames.get(name);
  if (local === undefined) {
    local = name.slice(colon + 1);
    if (localNames.size < 1000) localNames.set(name, local);
  }
  return local;
}

/**
 * A streaming XML scanner: text goes in by pieces of any size, tags come out as they close. Every character is
 * looked at a bounded number of times, whatever the input: an unclosed tag, comment or section is carried
 * from piece to piece without being scanned again, a tag is refused past 64 KB, and nesting past 256 levels.
 * Start and end tags must match.
 */
export class XmlScanner {
  private mode = Mode.Text;
  /** Unfinished markup from the previous piece. */
  private carry = '';
  /** How far into the carried tag `>` was looked for, and the quote the scan stopped in. */
  private scanned = 0;
  private quote = 0;
  private readonly open: string[] = [];

  constructor(private readonly handler: XmlHandler) {}

  write(piece: string): void {
    const text = this.carry + piece;
    this.carry = '';
    const handler = this.handler;
    let at = 0;
    while (at < text.length && !handler.done) {
      if (this.mode === Mode.Text) {
        const next = text.indexOf('<', at);
        const stop = next < 0 ? text.length : next;
        if (stop > at) handler.text(text, at, stop);
        if (next < 0) return;
        at = next;
        const after = text.charCodeAt(at + 1);
        if (after === 33 /* ! */ || after === 63 /* ? */ || at + 1 >= text.length) {
          this.mode = Mode.Markup;
          continue;
        }
        this.mode = Mode.Tag;
        this.scanned = 1;
        this.quote = 0;
      }
      at = this.mode === Mode.Tag ? this.tag(text, at) : this.other(text, at);
    }
  }

  /** The part has ended: nothing may be left open. */
  end(): void {
    if (this.mode !== Mode.Text || this.carry) throw new XmlError('文件在标记中间结束');
    const last = this.open.at(-1);
    if (last !== undefined) throw new XmlError(`<${last}> 没有结束`);
  }

  /** Markup other than a tag: what it is, a comment, a processing instruction, a CDATA section. */
  private other(text: string, at: number): number {
    switch (this.mode) {
      case Mode.Comment:
        return this.skipTo(text, at, '-->');
      case Mode.Instruction:
        return this.skipTo(text, at, '?>');
      case Mode.Data: {
        const end = text.indexOf(']]>', at);
        // `]]` at the end of a piece may be the start of the terminator: keep it for the next.
        const stop = end < 0 ? Math.max(at, text.length - 2) : end;
        if (stop > at) {
          const data = escapeData(text.slice(at, stop));
          this.handler.text(data, 0, data.length);
        }
        if (end >= 0) {
          this.mode = Mode.Text;
          return end + 3;
        }
        this.carry = text.slice(stop);
        return text.length;
      }
      default:
        return this.markup(text, at);
    }
  }

  /** At `<` (mostly `<!` or `<?`): what kind of markup it opens, once enough of it has arrived to tell. */
  private markup(text: string, at: number): number {
    const after = text.charCodeAt(at + 1);
    if (at + 1 < text.length && after !== 33 /* ! */ && after !== 63 /* ? */) {
      // A `<` that ended the last piece, and opens a tag.
      this.mode = Mode.Tag;
      this.scanned = 1;
      this.quote = 0;
      return at;
    }
    if (after === 63) {
      this.mode = Mode.Instruction;
      return at + 2;
    }
    if (text.charCodeAt(at + 2) === 45 /* - */ && text.charCodeAt(at + 3) === 45) {
      this.mode = Mode.Comment;
      return at + 4;
    }
    if (text.startsWith('<![CDATA[', at)) {
      this.mode = Mode.Data;
      return at + 9;
    }
    const head = text.slice(at, at + 9);
    if (head.length < 9 && (head === '<' || '<!--'.startsWith(head) || '<![CDATA['.startsWith(head))) {
      this.carry = head;
      return text.length;
    }
    throw new XmlError('含有不支持的声明（如 DOCTYPE）');
  }

  /** A tag from `at` (its `<`) to the `>` outside quotes. */
  private tag(text: string, at: number): number {
    let i = at + this.scanned;
    let quote = this.quote;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (quote) {
        if (c === quote) quote = 0;
      } else if (c === 62 /* > */) {
        break;
      } else if (c === 34 /* " */ || c === 39 /* ' */) {
        quote = c;
      } else if (c === 60 /* < */) {
        throw new XmlError(`标记 ${text.slice(at, Math.min(i, at + 20))} 没有结束`);
      }
    }
    if (i >= text.length) {
      if (i - at > maxTagChars) throw new XmlError(`标记 ${text.slice(at, at + 20)}… 过长`);
      this.carry = text.slice(at);
      this.scanned = i - at;
      this.quote = quote;
      return text.length;
    }
    this.mode = Mode.Text;
    if (text.charCodeAt(at + 1) === 47 /* / */) this.endTag(text, at + 2, i);
    else this.startTag(text, at + 1, i);
    return i + 1;
  }

  private startTag(text: string, from: number, to: number): void {
    const selfClosing = text.charCodeAt(to - 1) === 47; /* / */
    const inner = selfClosing ? to - 1 : to;
    let nameEnd = from;
    while (nameEnd < inner && !isSpace(text.charCodeAt(nameEnd))) nameEnd++;
    const name = text.slice(from, nameEnd);
    if (name === '' || /["'=]/.test(name))
      throw new XmlError(`标记 <${text.slice(from, Math.min(to, from + 20))}> 的名称无效`);
    if (!selfClosing) {
      if (this.open.length >= maxDepth) throw new XmlError(`标记嵌套超过 ${maxDepth} 层`);
      this.open.push(name);
    }
    this.handler.open(localName(name), text, nameEnd, inner, selfClosing);
  }

  private endTag(text: string, from: number, to: number): void {
    let nameEnd = to;
    while (nameEnd > from && isSpace(text.charCodeAt(nameEnd - 1))) nameEnd--;
    const expected = this.open.pop();
    if (expected === undefined || expected.length !== nameEnd - from || !text.startsWith(expected, from)) {
      const name = text.slice(from, Math.min(nameEnd, from + 20));
      throw new XmlError(expected ? `<${expected}> 没有结束就出现了 </${name}>` : `多余的结束标记 </${name}>`);
    }
    this.handler.close(localName(expected));
  }

  private skipTo(text: string, at: number, terminator: string): number {
    const end = text.indexOf(terminator, at);
    if (end >= 0) {
      this.mode = Mode.Text;
      return end + terminator.length;
    }
    this.carry = text.slice(Math.max(at, text.length - terminator.length + 1));
    return text.length;
  }
}

/** The attributes of a tag, by name as written (`r`, `t`, `r:id`); values with their entities decoded. */
export function attributesOf(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  let at = 0;
  for (;;) {
    while (at < text.length && isSpace(text.charCodeAt(at))) at++;
    if (at >= text.length) return attributes;
    const equals = text.indexOf('=', at);
    if (equals < 0) throw new XmlError('属性格式错误');
    const name = text.slice(at, equals).trim();
    let open = equals + 1;
    while (open < text.length && isSpace(text.charCodeAt(open))) open++;
    const quote = text.charAt(open);
    const close = quote === '"' || quote === "'" ? text.indexOf(quote, open + 1) : -1;
    if (!name || close < 0) throw new XmlError('属性格式错误');
    attributes.set(name, decodeXml(text.slice(open + 1, close)));
    at = close + 1;
  }
}

const entities: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Text with its entity and character references decoded, in one pass (`&amp;lt;` stays `&lt;`). */
export function decodeXml(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&(#x[0-9a-fA-F]{1,8}|#[0-9]{1,10}|[a-z]{2,4});/g, (whole, reference: string) => {
    if (!reference.startsWith('#')) return entities[reference] ?? whole;
    const code = reference[1] === 'x' ? Number.parseInt(reference.slice(2), 16) : Number(reference.slice(1));
    if (code > 0x10ffff) throw new XmlError(`字符引用 ${whole} 无效`);
    return String.fromCodePoint(code);
  });
}
