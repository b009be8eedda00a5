import { fieldMessage, nationalIdProblem } from '@cp/contracts';
import type { FormRule } from 'antd';

/**
 * antd Form rule for a national ID outside a resource form (which checks the field's own declaration); the
 * words are the contracts' check, as the server says them. An empty value passes so that `required` speaks.
 */
export const nationalIdRule: FormRule = {
  validator: async (_rule, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    const problem = nationalIdProblem(String(value));
    if (problem) throw new Error(fieldMessage('身份证号', problem));
  },
};
