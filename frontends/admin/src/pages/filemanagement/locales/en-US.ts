/** English texts of the file management screen. */
const messages: Record<string, string> = {
  'admin.menu.filemanagement': 'Files',
  'admin.file.title': 'File management',
  'admin.file.intro': 'Images uploaded from the Markdown editors (problems, discussions, announcements), with where each one is shown.',
  'admin.file.keyword': 'Uploader or file name',
  'admin.file.preview': 'Preview',
  'admin.file.name': 'File',
  'admin.file.uploader': 'Uploader',
  'admin.file.size': 'Size',
  'admin.file.created': 'Uploaded',
  'admin.file.usedIn': 'Used in',
  'admin.file.unused': 'Not used',
  'admin.file.deleteConfirm': 'Delete this image?',
  'admin.file.deleteUsedConfirm': 'This image is still shown on the pages listed. Delete it anyway?',
  'admin.file.useProblem': 'Problem',
  'admin.file.useDiscussion': 'Discussion',
  'admin.file.useAnnouncement': 'Announcement',
  'admin.file.useContest': 'Contest',
  'admin.file.useContestAnnouncement': 'Contest announcement',
  'admin.file.useTraining': 'Training',
  'admin.file.useComment': 'Comment',
};
export default messages;
