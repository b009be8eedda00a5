import { createReadStream } from 'node:fs';
import type { Config } from '../config';
import { demoContractPdf, type GeneratedDocument, userManualPdf } from '../pdf/documents';

/** Documents the console makes itself and hands out through signed URLs like stored files. */
export const generatedDocuments: Record<string, (config: Config) => Promise<GeneratedDocument>> = {
  manual: userManualPdf,
  'demo-contract': demoContractPdf,
};

export async function openGenerated(path: string, range?: { start: number; end: number }) {
  const stream = createReadStream(path, range);
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', reject);
  });
  return stream;
}
