/** "Insert image" under a Markdown field of an admin form: uploads and appends the picture's Markdown to it. */
import { Form } from 'antd';
import { MarkdownImageButton } from '@oj/kit';

export function MdImageInsert({ field, testId }: { field: string | (string | number)[]; testId?: string }) {
  const form = Form.useFormInstance();
  return (
    <MarkdownImageButton
      testId={testId}
      onInsert={(md) => {
        const before = (form.getFieldValue(field) as string | undefined) ?? '';
        form.setFieldValue(field, before ? `${before}\n${md}` : md);
      }}
    />
  );
}
