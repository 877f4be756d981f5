import { Inject, Injectable, Logger } from '@nestjs/common';
import { EmailConfig, SITE_TEXT } from '@oj/contracts';
import * as nodemailer from 'nodemailer';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { ApiException } from '../http/api.exception';
import { SiteConfigService } from '../site-config/site-config.service';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends e-mail through the SMTP server of the admin configuration (Admin → Config → SMTP). */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);

  constructor(
    private readonly siteConfig: SiteConfigService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async isConfigured(): Promise<boolean> {
    return Boolean((await this.siteConfig.get('email')).emailHost);
  }

  /**
   * Every mail's HTML: the message (or its text, escaped) on the admin's background picture (Config → SMTP →
   * background image) when one is set. A site path is made absolute with the web config's base URL.
   */
  async layout(message: MailMessage, cfg: EmailConfig): Promise<string | undefined> {
    const bg = cfg.emailBGImg?.trim();
    if (!bg) return message.html;
    const body =
      message.html ??
      message.text
        .split(/\n{2,}/)
        .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
        .join('');
    const base = (await this.siteConfig.get('web')).baseUrl.replace(/\/+$/, '');
    const url = bg.startsWith('/') ? base + bg : bg;
    return (
      `<div style="background:#f5f5f5 url('${escapeHtml(url)}') center/cover no-repeat;padding:40px 16px">` +
      `<div style="max-width:600px;margin:0 auto;background:rgba(255,255,255,0.94);padding:24px;border-radius:6px">${body}</div></div>`
    );
  }

  /**
   * The SMTP account's address (else MAIL_FROM), under the site's short name (product §3 shortName), so mail says which
   * site it is from; a MAIL_FROM that names its sender ('Name <address>') is kept as it is.
   */
  private async sender(cfg: EmailConfig): Promise<string | { name: string; address: string }> {
    const from = cfg.emailUsername && cfg.emailUsername.includes('@') ? cfg.emailUsername : this.config.mail.defaultFrom;
    if (from.includes('<')) return from;
    return { name: (await this.siteConfig.get('web')).shortName, address: from };
  }

  async send(message: MailMessage, smtp?: EmailConfig): Promise<void> {
    const cfg = smtp ?? (await this.siteConfig.get('email'));
    // A configuration state, not a server fault: the caller learns it plainly (400), on public routes too.
    if (!cfg.emailHost) throw new ApiException(400, SITE_TEXT.smtpNotConfigured);
    const transport = nodemailer.createTransport({
      host: cfg.emailHost,
      port: cfg.emailPort,
      secure: cfg.emailSsl,
      auth: cfg.emailUsername ? { user: cfg.emailUsername, pass: cfg.emailPassword } : undefined,
      // A self-hosted relay often has no valid certificate; the admin chose to use it.
      tls: { rejectUnauthorized: false },
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    try {
      await transport.sendMail({
        from: await this.sender(cfg),
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: await this.layout(message, cfg),
      });
    } catch (e) {
      this.logger.warn(`mail to ${message.to} failed: ${(e as Error).message}`);
      throw new ApiException(500, SITE_TEXT.mailFailed);
    } finally {
      transport.close();
    }
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
