import type { FamilyModule } from '../familyModule';
import { rememberFamilies } from '../familyRegistry';

const modules = import.meta.glob<FamilyModule>('../../*/families.{ts,tsx}', { eager: true });

/**
 * Every family of the console with its feature folder, from each folder's `families` module — a family added
 * later is checked without editing a test. They are known by their screens from then on (`familyRegistry`).
 */
export async function declaredFamilies() {
  const folder = (path: string) => path.split('/')[2] ?? path;
  const listed = Object.entries(modules).flatMap(([path, module]) =>
    module.families.map((family) => ({ folder: folder(path), family })),
  );
  rememberFamilies(listed.map(({ family }) => family));
  return listed;
}
