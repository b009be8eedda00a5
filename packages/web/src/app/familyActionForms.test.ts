import { describe, expect, it } from 'vitest';
import { fieldsWithoutControl } from '../resource/BodyFields';
import { declaredFamilies } from '../resource/testing/declaredFamilies';

/** Every feature's families, as the app registers them. */
const declared = await declaredFamilies();

/** Each lifecycle action with a body whose form the kit generates (no fields of the family's own for it). */
const generated = declared.flatMap(({ folder, family }) =>
  (family.resource.lifecycle?.transitions ?? [])
    .filter((transition) => transition.body && !transition.internal && !family.actionFields?.[transition.action])
    .map((transition) => ({ name: `${folder}: ${family.resource.key} ${transition.title}`, family, transition })),
);

describe("the kit's generated action forms", () => {
  it('are found', () => {
    expect(generated.length).toBeGreaterThan(20);
  });

  it('show every field of each action’s body: a control from its schema or its resource (an enumeration offers its options)', () => {
    const missing = generated.flatMap(({ name, family, transition }) =>
      transition.body ? fieldsWithoutControl(transition.body, family.resource).map((field) => `${name}: ${field}`) : [],
    );
    expect(missing).toEqual([]);
  });
});
