/**
 * A form field whose control is not one input (a table of cases, a list of rows): no element can take the label's
 * `for`, so the field's own element becomes a group named by the label (aria-labelledby) and carries the id the
 * label points at. Form.Item's injected props (value, onChange, …) pass through to the real control.
 */
import { ReactElement, cloneElement } from 'react';

export function LabelledGroup({
  labelId,
  id,
  children,
  ...control
}: { labelId: string; id?: string; children: ReactElement } & Record<string, unknown>) {
  return (
    <div id={id} role="group" aria-labelledby={labelId}>
      {cloneElement(children, control)}
    </div>
  );
}
