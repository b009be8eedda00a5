import { screen, within } from '@testing-library/react';

/** The table row that shows `text` (a name, a plate), once it has appeared. */
export const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

/** The titles of a row's buttons, in order. */
export const buttonsOf = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('button')
    .map((button) => button.textContent);
