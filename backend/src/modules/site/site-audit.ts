import type { AuditLoadContext } from '../../core/audit/audited.decorator';
import { rowLoader } from '../../core/audit/audited.decorator';
import type { SectionName } from '../../core/site-config/site-config.defaults';
import { SiteConfigService } from '../../core/site-config/site-config.service';
import { SwitchExtensions } from '../../core/site-config/switch-extensions';
import { AnnouncementEntity } from './entities/announcement.entity';

/**
 * What the audit trail records of Admin → Config, Switch and announcements (core/audit/README.md): the section as
 * the site uses it (stored values over the defaults; secrets are redacted by the audit service), or the row.
 */
export const configLoader =
  (...sections: SectionName[]) =>
  async ({ get }: AuditLoadContext): Promise<unknown> => {
    const config = get(SiteConfigService);
    const out: Record<string, unknown> = {};
    for (const s of sections) out[s] = await config.get(s);
    return out;
  };

/** The switch page: the switches and the fields other modules keep there (remote judge accounts). */
export async function loadSwitches({ get }: AuditLoadContext): Promise<unknown> {
  return { ...(await get(SiteConfigService).get('switch')), ...(await get(SwitchExtensions).read()) };
}

export const loadAnnouncement = rowLoader(AnnouncementEntity);
export const resultId = (r: unknown): unknown => (r as { id?: unknown } | null)?.id;
/** A config section's record names it as its target id. */
export const section = (name: string) => (): string => name;
