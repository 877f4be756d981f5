import { ERR } from './errors';

/**
 * Images uploaded from the Markdown editors, the home carousel and the e-mail background, and files attached from
 * the Markdown editors (HOJ upload-md-file) (HOJ's `file` table).
 */
export const UPLOAD_KINDS = ['markdown', 'carousel', 'email', 'attachment'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const UPLOAD_LIMITS = {
  /** Markdown images (HOJ allows 4 MB in its editor). */
  markdownMaxBytes: 4 * 1024 * 1024,
  /** Carousel and e-mail background pictures. */
  pictureMaxBytes: 5 * 1024 * 1024,
  /** Files attached from a Markdown editor (HOJ: under 128 MB). */
  attachmentMaxBytes: 128 * 1024 * 1024 - 1,
} as const;

export const UPLOAD_API = {
  /** Public address of a stored upload: prefix + stored name. */
  prefix: '/api/public/upload/',
  /** Public address of an attached file (HOJ's /api/public/file/): prefix + stored name; always a download. */
  filePrefix: '/api/public/file/',
} as const;

/** Where an uploaded Markdown image is used (problem, discussion, announcement, contest, training). */
export interface MdFileUse {
  type: 'problem' | 'discussion' | 'announcement' | 'contest' | 'contestAnnouncement' | 'training' | 'comment';
  id: number;
  /** Problem ID, contest id, ... as the admin screens link them. */
  key: string;
  title: string;
}

/** A row of `GET /api/admin/file/list-md-files`. */
export interface MdFileVO {
  id: number;
  name: string;
  link: string;
  originalName: string;
  size: number;
  uid: string;
  username: string;
  gmtCreate: string;
  usedIn: MdFileUse[];
}

/** Answer of `POST /api/file/upload-md-img` (HOJ: link and fileId). */
export interface UploadedImageVO {
  link: string;
  fileId: number;
}

/** Biggest problem-import or test-data upload the API takes (archives are also checked for what they expand to). */
export const ARCHIVE_UPLOAD_MAX_BYTES = 128 * 1024 * 1024;

/**
 * Why a test-data zip was refused (issue 37 item 10): the API answers 'Upload Testcase Failed: <reason>' with
 * `data: { reason, file? }`, so the admin screen says in the user's language what to fix.
 */
export const TESTCASE_ZIP_REASONS = {
  notZip: 'The file is not a zip archive.',
  noCases: 'The zip holds no test cases: put pairs like 1.in / 1.out (or 1.ans), or input1.txt / output1.txt, in it.',
  unpaired: 'A test file has no partner',
  duplicate: 'Two test files have the same number',
  tooLarge: 'The zip is too large or expands past the size limit.',
  unsafe: 'The zip holds an entry that is not allowed (a link, an encrypted file or a path leaving the folder)',
  corrupt: 'The zip is damaged.',
  busy: 'Too many archives are being read at once: try again in a moment.',
} as const;
export type TestcaseZipReason = keyof typeof TESTCASE_ZIP_REASONS;

/** `data` of a refused test-data upload. */
export interface TestcaseZipRefusal {
  reason: TestcaseZipReason;
  /** The file of the zip the reason is about (an input without output, a refused entry). */
  file?: string;
}

/** The `msg` of a refused test-data upload: the catalogue text and the reason (product §8). */
export function testcaseZipRefusalText(refusal: TestcaseZipRefusal): string {
  const reason = TESTCASE_ZIP_REASONS[refusal.reason];
  return `${ERR.uploadTestcaseFailed}: ${reason}${refusal.file ? `: ${refusal.file}` : ''}`;
}
