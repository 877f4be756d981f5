import { Injectable } from '@nestjs/common';
import type { LanguageInfo } from '@oj/contracts';

/**
 * The languages each remote judge site takes (issue 34), as the remote-judge module's site adapters list them.
 * Kept here, beside the judge workers' registry, so the problem module answers a remote problem's languages (the
 * site's, not our judges') without depending on the remote-judge module, which is above it.
 */
@Injectable()
export class RemoteLanguageCatalog {
  private readonly bySite = new Map<string, LanguageInfo[]>();

  register(oj: string, languages: readonly { key: string; name: string; contentType: string }[]): void {
    this.bySite.set(
      oj,
      languages.map((l) => ({
        id: `${oj}:${l.key}`,
        name: l.name,
        contentType: l.contentType,
        runCommand: '',
        sourceFile: '',
        isSpj: false,
      })),
    );
  }

  /** The site's languages; empty when this platform has no adapter for it. */
  of(oj: string | null | undefined): LanguageInfo[] {
    return (oj && this.bySite.get(oj)) || [];
  }
}
