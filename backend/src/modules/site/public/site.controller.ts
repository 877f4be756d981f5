import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Announcement, HomeCarouselItem, Page, WebsiteConfig } from '@oj/contracts';
import { Public } from '../../../core/auth/decorators';
import { PageQueryDto } from '../../../core/pagination/pagination';
import { SiteConfigService } from '../../../core/site-config/site-config.service';
import { AnnouncementService } from '../announcement.service';
import { LockExempt } from '../../../core/auth/lockdown';

/** Product §7 Site (get-recent-seven-ac-rank is served by the rank module). */
@ApiTags('site')
// The site's basics (its configuration, what every page loads) stay open to a held participant.
@LockExempt()
@Controller()
export class SiteController {
  constructor(
    private readonly siteConfig: SiteConfigService,
    private readonly announcements: AnnouncementService,
  ) {}

  @Public()
  @Get('get-website-config')
  @ApiOperation({ summary: 'Public website config (product §3)' })
  getWebsiteConfig(): Promise<WebsiteConfig> {
    return this.siteConfig.publicWebsiteConfig();
  }

  @Public()
  @Get('home-carousel')
  getHomeCarousel(): Promise<HomeCarouselItem[]> {
    return this.siteConfig.get('carousel');
  }

  @Public()
  @Get('get-common-announcement')
  @ApiOperation({ summary: 'Visible announcements, newest first, paged' })
  getCommonAnnouncement(@Query() query: PageQueryDto): Promise<Page<Announcement>> {
    return this.announcements.list(query, true);
  }
}
