import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { antdCssFor, componentsOf, splitSelectors } from '../antdStyles';

const sheet = [
  'a{color:var(--ant-color-link)}',
  '.ant-btn{display:inline-flex}',
  '.ant-form-item .ant-input,.ant-form-item .ant-select{width:100%}',
  '.ant-input:not(.ant-select-customize-input){padding:4px}',
  '.ant-select{position:relative}',
  '.css-var-_R_0_.ant-btn{--ant-button-font-weight:400}',
  '@media (max-width: 575px){.ant-form-item .ant-form-item-label{padding:0}.ant-select{width:auto}}',
  '@media (min-width: 576px){.ant-col-sm-1{flex:0 0 4%}}',
  '@keyframes antFadeIn{0%{opacity:0}100%{opacity:1}}',
  '.ant-typography::after{content:"}{"}',
].join('');

describe("antd's stylesheet for a page's components", () => {
  it('keeps the rules of those components and of none, in their order, and nothing else', () => {
    expect(antdCssFor(sheet, ['btn', 'form', 'input'])).toBe(
      [
        'a{color:var(--ant-color-link)}',
        '.ant-btn{display:inline-flex}',
        '.ant-form-item .ant-input{width:100%}',
        '.ant-input:not(.ant-select-customize-input){padding:4px}',
        '@media (max-width: 575px){.ant-form-item .ant-form-item-label{padding:0}}',
        '@keyframes antFadeIn{0%{opacity:0}100%{opacity:1}}',
      ].join(''),
    );
  });

  it("leaves out antd's default-theme variables, which no element of the console carries", () => {
    expect(antdCssFor(sheet, ['btn'])).not.toContain('css-var-');
  });

  it('reads braces inside quoted values as text', () => {
    expect(antdCssFor(sheet, ['typography'])).toContain('.ant-typography::after{content:"}{"}');
  });

  it('refuses a component the stylesheet has no rule for (a misspelt name)', () => {
    expect(() => antdCssFor(sheet, ['btn', 'buton'])).toThrow('antd.css 中没有这些组件的样式：buton');
  });

  it('splits selector lists at their own commas only', () => {
    expect(splitSelectors('.a:is(.b, .c), .d[title="x,y"]')).toEqual(['.a:is(.b, .c)', '.d[title="x,y"]']);
    expect(componentsOf('.ant-form-item:has(> .ant-switch) .ant-input:not(.ant-select-x)')).toEqual([
      'form',
      'switch',
      'input',
    ]);
  });

  it("gives the login page's components under a fifth of the whole stylesheet", () => {
    const path = createRequire(import.meta.url).resolve('antd/dist/antd.css');
    const whole = readFileSync(path, 'utf8');
    const login = antdCssFor(whole, ['alert', 'btn', 'col', 'form', 'input', 'row', 'spin', 'wave']);
    expect(login).toContain('.ant-form-item-explain-error{');
    expect(login).not.toContain('.ant-table');
    expect(login.length).toBeLessThan(whole.length / 5);
  });
});
