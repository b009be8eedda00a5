import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, useNavigate, useSearchParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { testRoute } from '../../test/routes';
import { PageHost } from './PageHost';

function Draft({ label }: { label: string }) {
  const [value, setValue] = useState('');
  const [params, setParams] = useSearchParams();
  return (
    <div>
      <label>
        {label}
        <input value={value} onChange={(event) => setValue(event.target.value)} />
      </label>
      <output aria-label={`${label} filter`}>{params.get('keyword') ?? ''}</output>
      <button type="button" onClick={() => setParams({ keyword: value }, { replace: true })}>
        {`${label} search`}
      </button>
    </div>
  );
}

const pages = [
  { route: testRoute('/cachedList', { cached: true }), Component: () => <Draft label="cached" /> },
  { route: testRoute('/plainList'), Component: () => <Draft label="plain" /> },
  { route: testRoute('/home'), Component: () => <p>home page</p> },
];

let navigate: ReturnType<typeof useNavigate>;
function Navigator() {
  navigate = useNavigate();
  return null;
}

function renderHost(initial: string) {
  render(
    <MemoryRouter initialEntries={[initial]}>
      <Navigator />
      <PageHost pages={pages} />
    </MemoryRouter>,
  );
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const goTo = (to: string) => act(() => navigate(to));

describe('PageHost page caching', () => {
  it('keeps the state of a cached page when the user leaves and comes back', () => {
    renderHost('/cachedList');
    fireEvent.change(input('cached'), { target: { value: '京A12345' } });
    goTo('/home');
    expect(screen.getByText('home page')).toBeTruthy();
    goTo('/cachedList');
    expect(input('cached').value).toBe('京A12345');
  });

  it('starts an uncached page afresh', () => {
    renderHost('/plainList');
    fireEvent.change(input('plain'), { target: { value: 'x' } });
    goTo('/home');
    goTo('/plainList');
    expect(input('plain').value).toBe('');
  });

  it('keeps the instance while the page writes its filter into the URL, and returns to that URL', () => {
    renderHost('/cachedList');
    fireEvent.change(input('cached'), { target: { value: '沪B' } });
    fireEvent.click(screen.getByRole('button', { name: 'cached search' }));
    expect(screen.getByLabelText('cached filter').textContent).toBe('沪B');
    expect(input('cached').value).toBe('沪B');
    goTo('/home');
    goTo('/cachedList?keyword=%E6%B2%AAB');
    expect(input('cached').value).toBe('沪B');
    expect(screen.getByLabelText('cached filter').textContent).toBe('沪B');
  });

  it('shows a hidden cached page the URL of its own, not the current one', () => {
    renderHost('/cachedList?keyword=a');
    goTo('/plainList?keyword=b');
    const hidden = screen.getByText('a', { selector: 'output' });
    expect(hidden.getAttribute('aria-label')).toBe('cached filter');
  });

  it('scrolls to the top on navigation and brings a cached page back to where it was scrolled', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const lastTop = () => (scrollTo.mock.calls.at(-1)?.[0] as ScrollToOptions | undefined)?.top;
    renderHost('/cachedList');
    Object.defineProperty(window, 'scrollY', { value: 420, configurable: true });
    fireEvent.scroll(window);
    goTo('/home');
    expect(lastTop()).toBe(0);
    goTo('/cachedList');
    expect(lastTop()).toBe(420);
    goTo('/plainList');
    expect(lastTop()).toBe(0);
    scrollTo.mockRestore();
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});

function Broken(): never {
  throw new Error('family bill: related accountsReceivableDetail: billId is not an eq filter');
}

describe('a page that throws', () => {
  const withBroken = [...pages, { route: testRoute('/billListDetails'), Component: Broken }];

  it('shows what went wrong inside the frame with a way back, and the next page shows again', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/billListDetails']}>
        <Navigator />
        <p>header and sidebar</p>
        <PageHost pages={withBroken} />
      </MemoryRouter>,
    );
    expect(screen.getByText('页面出错了')).toBeTruthy();
    expect(screen.getByText(/billId is not an eq filter/)).toBeTruthy();
    expect(screen.getByText('header and sidebar')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/home');
    goTo('/home');
    expect(screen.getByText('home page')).toBeTruthy();
    expect(screen.queryByText('页面出错了')).toBeNull();
    quiet.mockRestore();
  });
});
