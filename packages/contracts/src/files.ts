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
