/**
 * Opens a window at once, inside the click, and sends it to the address once known: a window opened
 * after an await is treated as a pop-up and blocked.
 */
export async function openInNewWindow(address: Promise<string>): Promise<void> {
  const opened = window.open('', '_blank');
  try {
    const url = await address;
    if (!opened) {
      window.open(url, '_blank', 'noopener');
      return;
    }
    opened.opener = null;
    opened.location.href = url;
  } catch (error) {
    opened?.close();
    throw error;
  }
}
