import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useThrottledHandler } from './useThrottledHandler';

function Counter() {
  const [count, setCount] = useState(0);
  const increment = useThrottledHandler(() => setCount(count + 1));
  return (
    <button type="button" onClick={increment}>
      提交 {count}
    </button>
  );
}

describe('useThrottledHandler', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('counts a double click once and the next click after the delay with fresh state', () => {
    render(<Counter />);
    const button = screen.getByRole('button');
    fireEvent.click(button);
    fireEvent.click(button);
    expect(button.textContent).toBe('提交 1');
    vi.setSystemTime(Date.now() + 1000);
    fireEvent.click(button);
    expect(button.textContent).toBe('提交 2');
  });
});
