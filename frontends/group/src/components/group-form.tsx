/**
 * The fields of a group (create dialog and settings) with the §5 rules, each with its own text: name 5–25,
 * short name 5–10, brief 5–50, description 5–1000, auth required, invitation code of 6 for a private group.
 */
import { useIntl } from 'react-intl';
import { Form, Input, Radio, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { GROUP_LIMITS, GroupAuth, GroupBody } from '@oj/contracts';
import { GROUP_FIELD_LIMITS } from '../lib/rules';

export type GroupFormValues = Omit<GroupBody, 'id'>;

export const EMPTY_GROUP: GroupFormValues = {
  name: '',
  shortName: '',
  brief: '',
  description: '',
  auth: GroupAuth.Public,
  code: '',
  visible: true,
};

/** The form's values as the body of POST / PUT /api/group (trimmed; a code only for a private group). */
export const toGroupBody = (v: GroupFormValues): GroupFormValues => ({
  name: v.name.trim(),
  shortName: v.shortName.trim(),
  brief: v.brief.trim(),
  description: v.description.trim(),
  auth: v.auth,
  code: v.auth === GroupAuth.Private ? (v.code ?? '').trim() : null,
  visible: v.visible,
});

export function GroupFormFields() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const length = (field: keyof typeof GROUP_FIELD_LIMITS): Rule[] => {
    const [min, max] = GROUP_FIELD_LIMITS[field];
    const message = t(`group.form.${field}Length`);
    // Both rules say the same sentence: the Form.Items stop at the first that fails (validateFirst), so an empty
    // field shows it once, not twice (issue 37 item 14).
    return [
      { required: true, whitespace: true, message },
      {
        validator: (_r, v?: string) =>
          (v ?? '').trim().length >= min && (v ?? '').trim().length <= max ? Promise.resolve() : Promise.reject(new Error(message)),
      },
    ];
  };
  const auth = Form.useWatch('auth') as GroupAuth | undefined;
  return (
    <>
      <Form.Item name="name" label={t('group.form.name')} rules={length('name')} validateFirst>
        <Input maxLength={GROUP_LIMITS.nameMax} showCount data-testid="group-form-name" />
      </Form.Item>
      <Form.Item name="shortName" label={t('group.form.shortName')} rules={length('shortName')} validateFirst>
        <Input maxLength={GROUP_LIMITS.shortNameMax} showCount data-testid="group-form-short-name" />
      </Form.Item>
      <Form.Item name="brief" label={t('group.form.brief')} rules={length('brief')} validateFirst>
        <Input maxLength={GROUP_LIMITS.briefMax} showCount data-testid="group-form-brief" />
      </Form.Item>
      <Form.Item name="description" label={t('group.form.description')} rules={length('description')} validateFirst>
        <Input.TextArea rows={4} maxLength={GROUP_LIMITS.descriptionMax} showCount data-testid="group-form-description" />
      </Form.Item>
      <Form.Item name="auth" label={t('group.form.auth')} rules={[{ required: true, message: t('group.form.authRequired') }]}>
        <Radio.Group data-testid="group-form-auth">
          {[GroupAuth.Public, GroupAuth.Protected, GroupAuth.Private].map((a) => (
            <Radio key={a} value={a} data-testid={`group-form-auth-${a}`}>
              {t(`group.auth.${a}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      {auth === GroupAuth.Private && (
        <Form.Item
          name="code"
          label={t('group.form.code')}
          rules={[{ required: true, len: GROUP_LIMITS.codeLength, whitespace: true, message: t('group.form.codeLength') }]}
        >
          <Input maxLength={GROUP_LIMITS.codeLength} data-testid="group-form-code" />
        </Form.Item>
      )}
      <Form.Item name="visible" label={t('group.form.visible')} valuePropName="checked">
        <Switch data-testid="group-form-visible" />
      </Form.Item>
    </>
  );
}
