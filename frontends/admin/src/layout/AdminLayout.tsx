/** ProLayout of the admin area: its own menu, no site navbar or footer (product §2). */
import {
  AppstoreOutlined,
  CloudServerOutlined,
  CommentOutlined,
  WarningOutlined,
  BellOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileImageOutlined,
  TrophyOutlined,
  GlobalOutlined,
  KeyOutlined,
  LoginOutlined,
  LogoutOutlined,
  NotificationOutlined,
  SettingOutlined,
  SwapOutlined,
  TagsOutlined,
  UnorderedListOutlined,
  UserOutlined,
  PlusOutlined,
  ReadOutlined,
  FormOutlined,
  TeamOutlined,
  AuditOutlined,
  FileSearchOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import { ProLayout, MenuDataItem } from '@ant-design/pro-components';
import { Dropdown } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { adminLogout, openQueueBoardSession } from '../api/admin';
import { isProblemAdminUser, isSuperAdminUser } from '../auth/guard';
import { clearSession, useSession } from '../auth/session';
import { setLocale, useDocumentTitle, useLocale, useWebsiteConfig } from '@oj/kit';
import { useT, Translate } from '../i18n';
import './admin-layout.css';

/** Menu entry of the Bull dashboard: not a screen of this app but the backend's own page (root only). */
export const QUEUE_BOARD_MENU_PATH = '/queues';

/** Opens the judge queue dashboard: the backend sets root's cookie for it, then the browser goes there. */
async function openQueueBoard(): Promise<void> {
  const { path } = await openQueueBoardSession();
  window.location.assign(path);
}

/**
 * The menu of the screens that exist; super-admin-only entries are left out for other admins. The group
 * problem applications are reviewed by root and problem admins (`problemReviewer`).
 */
export function buildMenu(t: Translate, superAdmin: boolean, problemReviewer = superAdmin): MenuDataItem[] {
  const menu: MenuDataItem[] = [
    { path: '/dashboard', name: t('admin.menu.dashboard'), icon: <DashboardOutlined /> },
    {
      path: '/problem',
      name: t('admin.menu.problem'),
      icon: <AppstoreOutlined />,
      children: [
        { path: '/problems', name: t('admin.menu.problemList'), icon: <UnorderedListOutlined /> },
        { path: '/problem/create', name: t('admin.menu.problemCreate'), icon: <PlusOutlined /> },
        { path: '/problem/tag', name: t('admin.menu.problemTag'), icon: <TagsOutlined /> },
        { path: '/problem/batch-operation', name: t('admin.menu.problemBatch'), icon: <SwapOutlined /> },
        ...(problemReviewer ? [{ path: '/group-problem/apply', name: t('admin.menu.groupProblemApply'), icon: <AuditOutlined /> }] : []),
      ],
    },
    {
      path: '/contests',
      name: t('admin.menu.contest'),
      icon: <TrophyOutlined />,
      children: [
        { path: '/contest', name: t('admin.menu.contestList'), icon: <UnorderedListOutlined /> },
        { path: '/contest/create', name: t('admin.menu.contestCreate'), icon: <PlusOutlined /> },
      ],
    },
    {
      path: '/exams',
      name: t('admin.menu.exam'),
      icon: <FormOutlined />,
      children: [
        { path: '/exam', name: t('admin.menu.examList'), icon: <UnorderedListOutlined /> },
        { path: '/exam/create', name: t('admin.menu.examCreate'), icon: <PlusOutlined /> },
        { path: '/question', name: t('admin.menu.questionBank'), icon: <DatabaseOutlined /> },
      ],
    },
    {
      path: '/trainings',
      name: t('admin.menu.training'),
      icon: <ReadOutlined />,
      children: [
        { path: '/training', name: t('admin.menu.trainingList'), icon: <UnorderedListOutlined /> },
        { path: '/training/create', name: t('admin.menu.trainingCreate'), icon: <PlusOutlined /> },
        { path: '/training/category', name: t('admin.menu.trainingCategory'), icon: <TagsOutlined /> },
      ],
    },
    {
      path: '/discussions',
      name: t('admin.menu.discussion'),
      icon: <CommentOutlined />,
      children: [
        { path: '/discussion', name: t('admin.menu.discussionList'), icon: <UnorderedListOutlined /> },
        ...(superAdmin ? [{ path: '/discussion/category', name: t('admin.menu.discussionCategory'), icon: <TagsOutlined /> }] : []),
        { path: '/discussion/report', name: t('admin.menu.discussionReport'), icon: <WarningOutlined /> },
      ],
    },
    { path: '/filemanagement', name: t('admin.menu.filemanagement'), icon: <FileImageOutlined /> },
  ];
  if (superAdmin) {
    menu.push({
      path: '/general',
      name: t('admin.menu.general'),
      icon: <SettingOutlined />,
      children: [
        { path: '/user', name: t('admin.menu.user'), icon: <UserOutlined /> },
        { path: '/group', name: t('admin.menu.group'), icon: <TeamOutlined /> },
        { path: '/auth', name: t('admin.menu.auth'), icon: <KeyOutlined /> },
        { path: '/announcement', name: t('admin.menu.announcement'), icon: <NotificationOutlined /> },
        { path: '/notice', name: t('admin.menu.notice'), icon: <BellOutlined /> },
        { path: '/conf', name: t('admin.menu.conf'), icon: <GlobalOutlined /> },
        { path: '/sso', name: t('admin.menu.sso'), icon: <LoginOutlined /> },
        { path: '/switch', name: t('admin.menu.switch'), icon: <SwapOutlined /> },
        { path: '/remote-judge', name: t('admin.menu.remoteJudge'), icon: <CloudServerOutlined /> },
        { path: '/audit', name: t('admin.menu.audit'), icon: <FileSearchOutlined /> },
        { path: '/backup', name: t('admin.menu.backup'), icon: <SaveOutlined /> },
        { path: QUEUE_BOARD_MENU_PATH, name: t('admin.menu.queues'), icon: <DatabaseOutlined /> },
      ],
    });
  }
  return menu;
}

/** `path` is `prefix` or below it, by whole segments ("/contest/create" is below "/contest", "/contests" is not). */
function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * The one menu entry a route selects. ProLayout selects every entry whose path is a prefix of the route, so
 * /contest/create lit both 比赛列表 (/contest) and 创建比赛, and a group's own path beside its entry (issue 37
 * item 14). Here: the entry whose path is the longest prefix of the route; a route under a group's path that no
 * entry covers (/problem/edit/5) selects the group's first entry (its list).
 */
export function selectedMenuKey(menu: MenuDataItem[], pathname: string): string | undefined {
  let best: string | undefined;
  for (const group of menu) {
    for (const item of group.children?.length ? group.children : [group]) {
      if (item.path && under(pathname, item.path) && (!best || item.path.length > best.length)) best = item.path;
    }
  }
  if (best) return best;
  const group = menu.find((g) => g.path && g.children?.length && under(pathname, g.path));
  return group?.children?.[0]?.path;
}

export function AdminLayout() {
  const { t } = useT();
  // the configured site name, in the header and the tab (product §3 shortName)
  const title = t('admin.layout.title', { name: useWebsiteConfig().shortName });
  useDocumentTitle(title);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { user } = useSession();
  const locale = useLocale();
  const menu = buildMenu(t, isSuperAdminUser(user?.roleList), isSuperAdminUser(user?.roleList) || isProblemAdminUser(user?.roleList));
  const selected = selectedMenuKey(menu, pathname);

  const logout = async () => {
    try {
      await adminLogout();
    } catch (_e) {
      // The client already showed why; the session ends either way.
    }
    clearSession();
    navigate('/login');
  };

  return (
    <ProLayout
      title={title}
      logo={false}
      layout="mix"
      fixSiderbar
      location={{ pathname }}
      selectedKeys={selected ? [selected] : []}
      route={{ path: '/', routes: menu }}
      menuItemRender={(item, dom) => (
        <a
          href={`/admin${item.path}`}
          onClick={(e) => {
            e.preventDefault();
            if (item.path === QUEUE_BOARD_MENU_PATH) void openQueueBoard().catch(() => undefined);
            else if (item.path) navigate(item.path);
          }}
        >
          {dom}
        </a>
      )}
      actionsRender={() => [
        <a key="locale" data-testid="admin-locale-switch" onClick={() => setLocale(locale === 'zh-CN' ? 'en-US' : 'zh-CN')}>
          {t('admin.layout.switchLanguage')}
        </a>,
      ]}
      avatarProps={{
        title: user?.username,
        size: 'small',
        render: (_props, dom) => (
          <Dropdown
            menu={{
              items: [{ key: 'logout', icon: <LogoutOutlined />, label: t('admin.layout.logout'), onClick: logout }],
            }}
          >
            {dom}
          </Dropdown>
        ),
      }}
    >
      <Outlet />
    </ProLayout>
  );
}
