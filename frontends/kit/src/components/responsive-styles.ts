/**
 * Page-wide rules every app needs at 390 px (issue 21): wide tables, descriptions, code and pictures scroll
 * or shrink inside their own box, so the page itself never scrolls sideways. antd styles itself through
 * CSS-in-JS and has no such default; these few rules are added once per page by `LocaleProvider`.
 */
export const RESPONSIVE_CSS = `
.ant-table-wrapper { max-width: 100%; }
.ant-table-wrapper .ant-table-content,
.ant-table-wrapper .ant-table-body { overflow-x: auto; }
.ant-table-wrapper .ant-table-pagination { flex-wrap: wrap; row-gap: 8px; }
.ant-descriptions-view { overflow-x: auto; }
.ant-card, .ant-pro-card, .ant-list, .ant-tabs, .ant-form, .ant-pro-table, .ant-col { min-width: 0; max-width: 100%; }
.ant-tabs-content, .ant-tabs-tabpane { min-width: 0; }
.ant-pro-table-list-toolbar-container, .ant-pro-table-list-toolbar-left, .ant-pro-table-list-toolbar-right { flex-wrap: wrap; row-gap: 8px; }
.ant-pro-page-container-warp-page-header, .ant-page-header-heading { flex-wrap: wrap; }
.ant-space:not(.ant-space-vertical) { flex-wrap: wrap; }
.oj-markdown pre, .markdown-body pre, pre { max-width: 100%; overflow-x: auto; }
.oj-markdown img, .markdown-body img { max-width: 100%; height: auto; }
.katex-display { overflow-x: auto; overflow-y: hidden; }
@media (max-width: 575px) {
  .ant-card .ant-card-head { padding: 0 12px; }
  .ant-card .ant-card-body { padding: 12px; }
  .ant-card-head-wrapper { flex-wrap: wrap; }
  .ant-card-extra { margin-inline-start: 0; padding-bottom: 8px; }
  .ant-statistic-content { font-size: 20px; }
  .ant-pro-page-container-children-container { padding-inline: 8px; }
  .ant-modal { max-width: calc(100vw - 16px); }
  .ant-pro-form-list-item { flex-wrap: wrap; max-width: 100%; }
  .ant-pro-form-list-container { min-width: 0; max-width: 100%; }
  .ant-pro-form-group .ant-space-item { max-width: 100%; }
}
`;

const STYLE_ID = 'oj-responsive-styles';

/** Adds the rules to the page once (any app may call it; later calls do nothing). */
export function installResponsiveStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = RESPONSIVE_CSS;
  document.head.appendChild(style);
}
