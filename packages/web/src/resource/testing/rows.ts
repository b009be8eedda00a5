import { fireEvent, screen, waitFor, within } from '@testing-library/react';

/** The table row that shows `text` (a name, a plate), once it has appeared. */
export const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

/** The titles of a row's buttons, in order. */
export const buttonsOf = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('button')
    .map((button) => button.textContent);

/**
 * Every action a row offers, in order — those standing in the row and those gathered under its 更多 (opened
 * to read them, then closed).
 */
export async function actionsOf(row: HTMLElement): Promise<(string | null)[]> {
  const inline = buttonsOf(row);
  const more = within(row).queryByRole('button', { name: '更多' });
  if (!more) return inline;
  fireEvent.click(more);
  const opened = await openedMore();
  const gathered = within(opened)
    .queryAllByRole('button')
    .map((button) => button.textContent);
  fireEvent.click(more);
  await waitFor(() => {
    if (!opened.closest('.ant-popover')?.classList.contains('ant-popover-hidden')) throw new Error('更多 still open');
  });
  return [...inline.filter((title) => title !== '更多'), ...gathered];
}

/** A row's action button, found where a person would: in the row, or under its 更多. */
export async function rowAction(row: HTMLElement, name: string): Promise<HTMLElement> {
  const standing = within(row).queryByRole('button', { name });
  if (standing) return standing;
  fireEvent.click(within(row).getByRole('button', { name: '更多' }));
  return within(await openedMore()).findByRole('button', { name });
}

/** The 更多 popover open now (one closed before stays in the document, hidden). */
async function openedMore(): Promise<HTMLElement> {
  const open = (await screen.findAllByTestId('row-actions-more')).filter(
    (element) => !element.closest('.ant-popover')?.classList.contains('ant-popover-hidden'),
  );
  const [only] = open;
  if (open.length !== 1 || !only) throw new Error(`expected one open 更多, found ${open.length}`);
  return only;
}
