import { App, type FormInstance } from 'antd';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { parseForm } from './rules';

/** Where a field's problem shows: in the middle of the page, its control focused for typing. */
export const firstErrorScroll = { focus: true, block: 'center' } as const;

interface FailedValidation {
  errorFields?: readonly { name: (string | number)[]; errors: readonly string[] }[];
}

export interface FormSubmitOptions<V> {
  /** Sends the checked values; settles when done (a refusal has been shown by the request layer). */
  save: (values: V) => Promise<unknown>;
  /**
   * The body's schema, where the values are a body the server parses (an action, a follow-up): `save` gets
   * the parsed body, and a body the schema refuses is named in a message and not sent.
   */
  schema?: z.ZodType;
  /**
   * Empties the form once saved, for the next entry (a follow-up). Until something is typed again, a 提交
   * of the emptied form — the second click of a double click — does nothing rather than show red errors.
   */
  resetAfterSave?: () => void;
}

/**
 * The one way a form of the console is sent (保存, 提交跟进): one save at a time — a double click, whose
 * second click comes before the button shows it is busy, sends once — and a form that is not ready says which
 * field is wrong: the first one is scrolled into sight and focused, and a message names it.
 */
export function useFormSubmit<V = Record<string, unknown>>(
  form: FormInstance,
  { save, schema, resetAfterSave }: FormSubmitOptions<V>,
) {
  const { message } = App.useApp();
  const busy = useRef(false);
  // What the form held once emptied by a save (a control may report its value again as it remounts).
  const emptied = useRef<string | null>(null);
  const [saving, setSaving] = useState(false);

  const sayFirstProblem = (failure: FailedValidation) => {
    const fields = failure.errorFields ?? [];
    const first = fields.find((field) => field.errors.length > 0);
    if (!first) return;
    form.scrollToField(first.name, firstErrorScroll);
    const more = fields.length > 1 ? `（另有 ${fields.length - 1} 项待填写或更正）` : '';
    void message.error(`${first.errors[0]}${more}`);
  };

  const submit = async () => {
    if (busy.current) return;
    if (emptied.current !== null && emptied.current === JSON.stringify(form.getFieldsValue())) return;
    busy.current = true;
    try {
      let values: V;
      try {
        values = (await form.validateFields()) as V;
      } catch (failure) {
        sayFirstProblem(failure as FailedValidation);
        return;
      }
      if (schema) {
        const parsed = parseForm(schema, values);
        if (!parsed.ok) {
          void message.error(parsed.message);
          return;
        }
        values = parsed.data as V;
      }
      // Busy shows only now: a disabled form could not focus the field found wrong above.
      setSaving(true);
      const saved = await save(values).then(
        () => true,
        () => false,
      );
      if (saved && resetAfterSave) {
        resetAfterSave();
        emptied.current = JSON.stringify(form.getFieldsValue());
      }
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };

  return { submit: () => void submit(), saving };
}
