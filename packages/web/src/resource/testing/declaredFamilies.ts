import type { Feature } from '../../app/defineFeature';
import type { FamilyModule } from '../familyModule';

const modules = import.meta.glob<FamilyModule>('../../*/families.tsx', { eager: true });
const features = import.meta.glob<{ feature: Feature }>('../../*/feature.ts', { eager: true });

/**
 * Every family of the console with its feature folder: those of each `families.tsx` and those of each
 * declarations-only feature (`familyFeature`) — a family added later is checked without editing a test.
 */
export async function declaredFamilies() {
  const folder = (path: string) => path.split('/')[2] ?? path;
  const listed = Object.entries(modules).flatMap(([path, module]) =>
    module.families.map((family) => ({ folder: folder(path), family })),
  );
  const loaded = await Promise.all(
    Object.entries(features).map(async ([path, module]) =>
      (await (module.feature.families?.() ?? [])).map((family) => ({ folder: folder(path), family })),
    ),
  );
  return [...listed, ...loaded.flat()];
}
