// A wrapper of the SPEC §5 national ID check that lives in the web's widgets today; another change moves
// it into contracts, and then this import is the one line to change.
import { nationalIdMessages, nationalIdProblem } from '../../../web/src/widgets/validators/nationalId';

/** What is wrong with a national ID number, or null; worded to follow the field's title. */
export function nationalIdNumberProblem(value: string): string | null {
  const problem = nationalIdProblem(value);
  return problem ? nationalIdMessages[problem].replace(/^身份证号/, '') : null;
}
