import { Button, Upload } from 'antd';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { UploadedImageVO } from '@oj/contracts';
import { api, call } from '@oj/kit/core';

/**
 * "Insert image" for Markdown editors: sends the picture to HOJ's `upload-md-img` (checked by content on the
 * server, listed under Admin → File management) and hands back the Markdown that shows it.
 */
export function MarkdownImageButton({ onInsert, testId }: { onInsert: (markdown: string) => void; testId?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Upload
      accept=".gif,.jpg,.jpeg,.png,.bmp,.webp"
      showUploadList={false}
      beforeUpload={(file) => {
        const form = new FormData();
        form.append('image', file);
        setBusy(true);
        call<UploadedImageVO>(api.post('/file/upload-md-img', form))
          .then((r) => onInsert(`![${file.name.replace(/[[\]]/g, '')}](${r.link})`))
          .catch(() => undefined) // the client showed why
          .finally(() => setBusy(false));
        return false;
      }}
    >
      <Button size="small" loading={busy} data-testid={testId}>
        <FormattedMessage id="kit.mdImage.insert" />
      </Button>
    </Upload>
  );
}
