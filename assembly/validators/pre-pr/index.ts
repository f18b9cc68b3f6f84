// pre-pr validator: rules are added in their own files beside this one.
import { Input, Results } from "../../io";

export function validatePrePr(input: Input, results: Results): void {
  // not implemented yet: the host reports this validator as unavailable.
  results.status = -1;
}
