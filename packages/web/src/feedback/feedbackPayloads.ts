import type { UploadedFile } from '../widgets/api/widgetApi';
import { type FaultPayload, type SuggestionPayload, sysName } from './feedbackApi';

export interface SuggestionValues {
  role: string;
  menu: string;
  problem: string;
  level: string;
  pic?: UploadedFile[];
}

export interface FaultValues {
  type: string;
  menu: string;
  url: string;
  problem: string;
  pic?: UploadedFile[];
}

const locations = (files: UploadedFile[] = []) => files.map((file) => file.fileLocation);

export function suggestionPayload(values: SuggestionValues): SuggestionPayload {
  const { role, menu, problem, level, pic } = values;
  return { role: role.trim(), menu, problem: problem.trim(), level, pic: locations(pic), sysName };
}

export function faultPayload(values: FaultValues): FaultPayload {
  const { type, menu, problem, url, pic } = values;
  return { type, menu, problem: problem.trim(), pic: locations(pic), url: url.trim(), sysName };
}
