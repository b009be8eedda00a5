import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { StagesInput } from './StagesInput';

/** The stages editor holding its value as a form item would, showing what it would save. */
function Editor({ start }: { start: unknown[] }) {
  const [value, setValue] = useState<unknown>(start);
  return (
    <>
      <StagesInput value={value} onChange={setValue} />
      <output data-testid="saved">{JSON.stringify(value)}</output>
    </>
  );
}

const saved = () => JSON.parse(screen.getByTestId('saved').textContent ?? '[]');

describe('分期优惠', () => {
  it('keeps amounts typed in 元 as 分, adds the next month and totals the stages', () => {
    render(<Editor start={[{ monthOffset: 1, amount: 20_000 }]} />);
    expect(screen.getByText('共1期，优惠合计 200.00 元')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '添加一期' }));
    expect(saved()).toEqual([{ monthOffset: 1, amount: 20_000 }, { monthOffset: 2 }]);
    fireEvent.change(screen.getByLabelText('第2期减免金额'), { target: { value: '150.5' } });
    fireEvent.blur(screen.getByLabelText('第2期减免金额'));
    expect(saved()).toEqual([
      { monthOffset: 1, amount: 20_000 },
      { monthOffset: 2, amount: 15_050 },
    ]);
    expect(screen.getByText('共2期，优惠合计 350.50 元')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /^删\s?除$/ })[0] as HTMLElement);
    expect(saved()).toEqual([{ monthOffset: 2, amount: 15_050 }]);
  });
});
