import { AdminWebConfig, DEFAULT_SITE_SHORT_NAME, EmailConfig, HomeCarouselItem, MobileConfig, SwitchConfig } from '@oj/contracts';

/** Web section without `register`, which lives with the switches. */
export type WebSection = Omit<AdminWebConfig, 'register'>;

export interface SiteConfigSections {
  web: WebSection;
  email: EmailConfig;
  mobile: MobileConfig;
  switch: SwitchConfig;
  carousel: HomeCarouselItem[];
  /** Remote judging (issue 34): the sites an admin switched off (REMOTE_OJS keys). */
  remoteJudge: { disabledSites: string[] };
}
export type SectionName = keyof SiteConfigSections;

/** Values before an admin saves anything; stored sections are merged over them (new keys get defaults). */
export const SITE_CONFIG_DEFAULTS: SiteConfigSections = {
  web: {
    baseUrl: '',
    // zh-CN defaults of a fresh install (issue 21: a Chinese site should not start with English texts); the admin changes them
    name: '在线评测系统',
    shortName: DEFAULT_SITE_SHORT_NAME,
    description: '在线评测与竞赛平台',
    recordName: '',
    recordUrl: '',
    projectName: 'OJ',
    projectUrl: '',
  },
  email: { emailHost: '', emailPort: 465, emailUsername: '', emailPassword: '', emailSsl: true, emailBGImg: '' },
  mobile: { regionId: '', domain: '', accessKeyId: '', accessKeySecret: '', signName: '', templateCode: '' },
  switch: {
    register: true,
    openPublicDiscussion: true,
    openGroupDiscussion: true,
    openContestComment: true,
    openPublicJudge: true,
    openGroupJudge: true,
    openContestJudge: true,
    hideNonContestSubmissionCode: false,
    defaultSubmitInterval: 8,
    defaultCreateDiscussionACInitValue: 10,
    defaultCreateDiscussionDailyLimit: 5,
    defaultCreateCommentACInitValue: 10,
    defaultCreateGroupACInitValue: 20,
    defaultCreateGroupDailyLimit: 2,
    defaultCreateGroupLimit: 5,
    maxDailyTestcaseDownloads: 30,
  },
  carousel: [],
  remoteJudge: { disabledSites: [] },
};
