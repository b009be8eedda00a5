import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attributesOf, decodeXml, type XmlHandler, XmlScanner } from '../src/xlsx/xml';

/** What a scanner reports; text is joined up to the next tag (how it is cut into pieces is free). */
function eventsOf(pieces: readonly string[]): string[] {
  const events: string[] = [];
  let raw = '';
  const flush = () => {
    if (raw) events.push(`#${decodeXml(raw)}`);
    raw = '';
  };
  const handler: XmlHandler = {
    done: false,
    open: (name, source, from, to, selfClosing) => {
      flush();
      events.push(`<${name} ${JSON.stringify([...attributesOf(source.slice(from, to))])}${selfClosing ? '/' : ''}>`);
    },
    close: (name) => {
      flush();
      events.push(`</${name}>`);
    },
    text: (source, from, to) => {
      raw += source.slice(from, to);
    },
  };
  const scanner = new XmlScanner(handler);
  for (const piece of pieces) scanner.write(piece);
  scanner.end();
  flush();
  return events;
}

/** Cuts `text` at the given places (any of them, in any order). */
const cut = (text: string, places: readonly number[]) => {
  const at = [...new Set(places.map((place) => place % (text.length + 1)))].sort((a, b) => a - b);
  return [0, ...at].map((start, i) => text.slice(start, at[i] ?? text.length));
};

const name = fc.constantFrom('row', 'c', 'x:row', 'main:si', 't', 'v');
const attribute = fc
  .tuple(fc.constantFrom('r', 't', 'r:id', 'note'), fc.constantFrom('A1', 'a>b', "it's", '"q"', '&amp;&lt;', ''))
  .map(([key, value]) => (value.includes('"') ? ` ${key}='${value}'` : ` ${key}="${value}"`));
const leaf = fc.oneof(
  fc.constantFrom('text', ' 京A12345 ', '&amp;&#x4eac;&#65;', '<!-- a <row> comment -->', '<?pi x?>'),
  fc.constantFrom('<![CDATA[<b>&amp;]]>', '<![CDATA[]]]]>'),
);
const element: fc.Arbitrary<string> = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc
      .tuple(name, fc.array(attribute, { maxLength: 3 }), fc.array(tie('node'), { maxLength: 4 }), fc.boolean())
      .map(([tag, attributes, children, empty]) =>
        empty && children.length === 0
          ? `<${tag}${attributes.join('')}/>`
          : `<${tag}${attributes.join('')}>${children.join('')}</${tag} >`,
      ),
  ),
})).node as fc.Arbitrary<string>;

describe('xml scanner', () => {
  it('reports the same tags and text however the document is cut into pieces', () => {
    fc.assert(
      fc.property(element, fc.array(fc.nat(), { maxLength: 30 }), (xml, places) => {
        const document = `<?xml version="1.0"?><root>${xml}</root>`;
        expect(eventsOf(cut(document, places))).toEqual(eventsOf([document]));
        expect(eventsOf([...document])).toEqual(eventsOf([document]));
      }),
      { numRuns: 300 },
    );
  });

  it('reads prefixes off names, quoted > in attributes, CDATA as text', () => {
    expect(eventsOf(['<x:row r="1" note="a>b"><x:c/><![CDATA[<&>]]>&lt;</x:row>'])).toEqual([
      '<row [["r","1"],["note","a>b"]]>',
      '<c []/>',
      '#<&><',
      '</row>',
    ]);
  });

  it('refuses mismatched and unclosed tags, DOCTYPE, and a tag that never ends', () => {
    const scan = (xml: string) => () => eventsOf([xml]);
    expect(scan('<a><b></a>')).toThrow('<b> 没有结束就出现了 </a>');
    expect(scan('<a><b>')).toThrow('<b> 没有结束');
    expect(scan('</a>')).toThrow('多余的结束标记 </a>');
    expect(scan('<!DOCTYPE a [<!ENTITY x "y">]><a/>')).toThrow('DOCTYPE');
    expect(scan('<a')).toThrow('文件在标记中间结束');
    expect(scan('<a <b>')).toThrow('没有结束');
    expect(scan(`<a b="${'x'.repeat(70_000)}`)).toThrow('过长');
    expect(() => decodeXml('&#x110000;')).toThrow('字符引用');
  });
});
