import { Injectable, Logger } from '@nestjs/common';
import { MobileConfig, PROFILE_TEXT } from '@oj/contracts';
import { randomUUID } from 'crypto';
import { ApiException } from '../../../core/http/api.exception';
import { SiteConfigService } from '../../../core/site-config/site-config.service';
import { canonicalQuery, signRpc } from './aliyun-signature';

const SEND_TIMEOUT_MS = 10_000;

/** Aliyun-style SMS sender configured in the admin's mobile section (region, domain, key, sign name, template). */
@Injectable()
export class SmsClient {
  private readonly logger = new Logger(SmsClient.name);

  constructor(private readonly siteConfig: SiteConfigService) {}

  /** The `domain` may carry a scheme (tests point it at http://127.0.0.1:port); https otherwise. */
  static endpoint(domain: string): string {
    const base = /^https?:\/\//.test(domain) ? domain : `https://${domain}`;
    return base.replace(/\/+$/, '') + '/';
  }

  async sendCode(mobile: string, code: string): Promise<void> {
    const cfg: MobileConfig = await this.siteConfig.get('mobile');
    if (!cfg.domain || !cfg.accessKeyId || !cfg.accessKeySecret || !cfg.signName || !cfg.templateCode) {
      throw new ApiException(500, PROFILE_TEXT.smsNotConfigured);
    }
    const params: Record<string, string> = {
      AccessKeyId: cfg.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: mobile,
      RegionId: cfg.regionId || 'cn-hangzhou',
      SignName: cfg.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: cfg.templateCode,
      TemplateParam: JSON.stringify({ code }),
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const signature = signRpc('GET', params, cfg.accessKeySecret);
    const url = `${SmsClient.endpoint(cfg.domain)}?Signature=${encodeURIComponent(signature)}&${canonicalQuery(params)}`;
    let body: { Code?: string; Message?: string } = {};
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
      body = (await res.json().catch(() => ({}))) as typeof body;
    } catch (e) {
      this.logger.warn(`SMS request failed: ${(e as Error).message}`);
      throw new ApiException(500, PROFILE_TEXT.smsFailed);
    }
    if (body.Code !== 'OK') {
      this.logger.warn(`SMS refused: ${body.Code} ${body.Message}`);
      throw new ApiException(500, PROFILE_TEXT.smsFailed);
    }
  }
}
