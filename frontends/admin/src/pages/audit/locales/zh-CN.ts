/** 管理端审计日志（issue 36）的中文文本，并入管理端的 zh-CN 消息。 */
const messages: Record<string, string> = {
  'admin.menu.audit': '审计日志',
  'admin.audit.title': '审计日志',
  'admin.audit.intro':
    '管理员和团队所有者所做的、他人可见的每一次修改：操作人、时间、来源地址，以及目标修改前后的内容（密码、密钥等机密永不显示）。记录不可编辑或删除。',
  'admin.audit.actor': '操作人',
  'admin.audit.actorHint': '用户名或用户编号',
  'admin.audit.action': '操作',
  'admin.audit.actionHint': '如 user.update，或以 user. 匹配全部',
  'admin.audit.targetType': '目标类型',
  'admin.audit.targetId': '目标编号',
  'admin.audit.target': '目标',
  'admin.audit.from': '起始时间',
  'admin.audit.to': '结束时间',
  'admin.audit.search': '查询',
  'admin.audit.reset': '重置',
  'admin.audit.export': '导出 CSV',
  'admin.audit.exported': '已下载 CSV 文件',
  'admin.audit.time': '时间',
  'admin.audit.ip': 'IP 地址',
  'admin.audit.note': '备注',
  'admin.audit.system': '系统',
  'admin.audit.empty': '没有符合条件的记录',
  'admin.audit.field': '字段',
  'admin.audit.before': '修改前',
  'admin.audit.after': '修改后',
  'admin.audit.wholeValue': '（整体值）',
  'admin.audit.noChange': '修改前后没有差异',
  'admin.audit.showWhole': '显示完整的修改前后内容',
  'admin.audit.hideWhole': '收起完整的修改前后内容',
};

export default messages;
