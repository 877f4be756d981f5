/**
 * Feedback of a failed save (issue 21): a message saying what happened, and the page scrolled to the first
 * field in error with the focus in it, so a long form never "does nothing" with its errors off-screen.
 */
import { App } from 'antd';
import type { FormInstance } from 'antd';
import { useT } from '../i18n';

/** Scrolls to the first field marked in error under `root` and focuses its input; false when none is marked. */
export function revealFirstError(root: ParentNode = document): boolean {
  const item = root.querySelector('.ant-form-item-has-error');
  if (!item) return false;
  item.scrollIntoView({ block: 'center', behavior: 'smooth' });
  const input = item.querySelector<HTMLElement>('input:not([type="hidden"]), textarea, [tabindex]:not([tabindex="-1"]), button');
  input?.focus({ preventScroll: true });
  return true;
}

/** Waits for antd to draw the error marks, then reveals the first one. */
export const revealFirstErrorSoon = (root?: ParentNode): void => {
  window.setTimeout(() => revealFirstError(root), 50);
};

export interface FieldError {
  /** the form field the error belongs to, when there is one */
  field?: (string | number)[] | string;
  text: string;
}

/**
 * `onFinishFailed` for a form's own rules, and `report` for the checks a page makes on save: both say
 * "check the marked fields" (or the errors themselves) and reveal the first marked field.
 */
export function useFormErrorFeedback(form?: FormInstance) {
  const { message } = App.useApp();
  const { t } = useT();
  const onFinishFailed = () => {
    message.error(t('admin.form.fixErrors'));
    revealFirstErrorSoon();
  };
  const report = (errors: FieldError[]) => {
    const byField = errors.filter((e) => e.field !== undefined);
    if (form && byField.length) form.setFields(byField.map((e) => ({ name: e.field as string, errors: [e.text] })));
    message.error(errors.map((e) => e.text).join(' '));
    revealFirstErrorSoon();
  };
  return { onFinishFailed, report };
}
