/** Chinese texts of the file management screen. */
const messages: Record<string, string> = {
  'admin.menu.filemanagement': '文件管理',
  'admin.file.title': '文件管理',
  'admin.file.intro': '从 Markdown 编辑器（题目、讨论、公告）上传的图片，以及每张图片的使用位置。',
  'admin.file.keyword': '上传者或文件名',
  'admin.file.preview': '预览',
  'admin.file.name': '文件',
  'admin.file.uploader': '上传者',
  'admin.file.size': '大小',
  'admin.file.created': '上传时间',
  'admin.file.usedIn': '使用位置',
  'admin.file.unused': '未使用',
  'admin.file.deleteConfirm': '确定删除这张图片？',
  'admin.file.deleteUsedConfirm': '这张图片仍在所列页面中显示，确定删除吗？',
  'admin.file.useProblem': '题目',
  'admin.file.useDiscussion': '讨论',
  'admin.file.useAnnouncement': '公告',
  'admin.file.useContest': '比赛',
  'admin.file.useContestAnnouncement': '比赛公告',
  'admin.file.useTraining': '训练',
  'admin.file.useComment': '评论',
};
export default messages;
