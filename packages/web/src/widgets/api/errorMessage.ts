/** The message to show for a failed call; null for a cancelled one, which the user need not hear about. */
export function errorMessage(error: unknown): string | null {
  if (error instanceof Error && error.name === 'CanceledError') return null;
  return error instanceof Error && error.message ? error.message : '操作失败';
}
