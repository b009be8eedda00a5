/**
 * Rich text as the detail view shows it. The server keeps only its allow-list on every write (no script,
 * handler, frame or outside picture), so the stored HTML is shown as it is.
 */
export function RichTextView({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server on every write (api/src/resource/rich-text.ts)
  return <div className="rich-text-content" dangerouslySetInnerHTML={{ __html: html }} />;
}
