import { ARCHIVE_UPLOAD_MAX_BYTES, TESTCASE_ZIP_REASONS, TestcaseZipReason, TestcaseZipRefusal } from '@oj/contracts';
import type { Translate } from '../../i18n';

const MB = ARCHIVE_UPLOAD_MAX_BYTES / (1024 * 1024);

const REASON_IDS: Record<TestcaseZipReason, string> = {
  notZip: 'admin.problemEdit.zipReasonNotZip',
  noCases: 'admin.problemEdit.zipReasonNoCases',
  unpaired: 'admin.problemEdit.zipReasonUnpaired',
  duplicate: 'admin.problemEdit.zipReasonDuplicate',
  tooLarge: 'admin.problemEdit.zipReasonTooLarge',
  unsafe: 'admin.problemEdit.zipReasonUnsafe',
  corrupt: 'admin.problemEdit.zipReasonCorrupt',
  busy: 'admin.problemEdit.zipReasonBusy',
};

/** 'Upload Testcase Failed: <why>' in the user's language, for a reason of the API's refusal (issue 37 item 10). */
export function zipRefusalText(t: Translate, refusal: TestcaseZipRefusal): string {
  const reason = t(REASON_IDS[refusal.reason], { file: refusal.file ?? '', mb: MB });
  return t('admin.problemEdit.zipRefused', { reason });
}

/** The refusal a failed upload carries (the API's `data`), or undefined for any other failure. */
export function refusalOf(error: unknown): TestcaseZipRefusal | undefined {
  const data = (error as { data?: unknown } | null)?.data as Partial<TestcaseZipRefusal> | null | undefined;
  const reason = data?.reason;
  if (typeof reason !== 'string' || !Object.hasOwn(TESTCASE_ZIP_REASONS, reason)) return undefined;
  return { reason: reason as TestcaseZipReason, file: typeof data?.file === 'string' ? data.file : undefined };
}

/**
 * A file the API would refuse before it is sent: past the upload limit the server cuts the body off with a bare
 * 'Exceed max size limit', after the whole file has gone up.
 */
export function refusedBeforeUpload(file: Blob): TestcaseZipRefusal | undefined {
  return file.size > ARCHIVE_UPLOAD_MAX_BYTES ? { reason: 'tooLarge' } : undefined;
}
