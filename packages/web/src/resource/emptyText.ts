/**
 * The one mark of an empty value on screen — lists, descriptions, history, dialogs. Files keep an empty
 * cell instead: an export is read by spreadsheets and imported again, where a mark would be a value.
 */
export const emptyText = '—';
