import { AdminWebConfig, DEFAULT_SITE_SHORT_NAME, EmailConfig, HomeCarouselItem, MobileConfig, SwitchConfig } from '@oj/contracts';

/** Web section without `register`, which lives with the switches. */
export type WebSection = Omit<AdminWebConfig, 'register'>;

export interface SiteConfigSections {
  web: WebSection;
  email: EmailConfig;
  mobile: MobileConfig;
  switch: SwitchConfig;
  carousel: HomeCarouselItem[];
}
export type SectionName = keyof SiteConfigSections;

/** Values before an admin saves anything; stored sections are merged over them (new keys get defaults). */
export const SITE_CONFIG_DEFAULTS: SiteConfigSections = {
  web: {
    baseUrl: '',
    name: 'Online Judge',
    shortName: DEFAULT_SITE_SHORT_NAME,
    description: 'An online judge and contest platform',
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
};
