/** English texts of the admin audit trail (issue 36), spread into the admin app's en-US messages. */
const messages: Record<string, string> = {
  'admin.menu.audit': 'Audit Trail',
  'admin.audit.title': 'Audit trail',
  'admin.audit.intro':
    'Every change an administrator or a group owner made that others see: who, when, from which address, and the target before and after (passwords, keys and other secrets are never shown). Records cannot be edited or deleted.',
  'admin.audit.actor': 'Actor',
  'admin.audit.actorHint': 'Username or uid',
  'admin.audit.action': 'Action',
  'admin.audit.actionHint': 'e.g. user.update, or user. for all',
  'admin.audit.targetType': 'Target type',
  'admin.audit.targetId': 'Target id',
  'admin.audit.target': 'Target',
  'admin.audit.from': 'From',
  'admin.audit.to': 'To',
  'admin.audit.search': 'Search',
  'admin.audit.reset': 'Reset',
  'admin.audit.export': 'Export CSV',
  'admin.audit.exported': 'The CSV file has been downloaded',
  'admin.audit.time': 'Time',
  'admin.audit.ip': 'IP address',
  'admin.audit.note': 'Note',
  'admin.audit.system': 'System',
  'admin.audit.empty': 'No record matches these filters',
  'admin.audit.field': 'Field',
  'admin.audit.before': 'Before',
  'admin.audit.after': 'After',
  'admin.audit.wholeValue': '(whole value)',
  'admin.audit.noChange': 'Nothing differs between before and after',
  'admin.audit.showWhole': 'Show the whole before and after',
  'admin.audit.hideWhole': 'Hide the whole before and after',
};

export default messages;
