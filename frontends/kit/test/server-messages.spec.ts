/**
 * Every text the API may send (the contracts catalogues) has a zh-CN and an en-US form by its code, and the
 * zh-CN forms are Chinese (issue #21: no English reaches the Chinese interface).
 */
import { ERR, JUDGING_ERR, MESSAGE_CATALOGUES, MESSAGE_DEFS, messageCodeOf, serverMessageId, withReason } from '@oj/contracts';
import { kitMessages } from '../src/i18n/kit-messages';
import { localizeServerMessage, serverMessages } from '../src/i18n/server-messages';
import { serverZhCN } from '../src/locales/server-zh-CN';

const codes = [...MESSAGE_DEFS.keys()];

describe('server message catalogue', () => {
  it('gives every catalogue entry a code', () => {
    const entries = Object.values(MESSAGE_CATALOGUES).reduce((n, c) => n + Object.keys(c).length, 0);
    expect(codes.length).toBe(entries);
    expect(codes.length).toBeGreaterThan(150);
  });

  it('has a zh-CN form for every code, and none for a code that does not exist', () => {
    expect(codes.filter((c) => !serverZhCN[c]?.trim())).toEqual([]);
    expect(Object.keys(serverZhCN).filter((c) => !MESSAGE_DEFS.has(c))).toEqual([]);
  });

  it('writes every zh-CN form in Chinese, with the number of a parametrised text', () => {
    // Latin words allowed inside a Chinese text: identifiers the user types or sees as such.
    const allowed = /\b(ID|IO|uid|did|cid|Discuss|Reply|Like|Sys|Mine|DATABASE_URL|REDIS_URL|https?)\b/g;
    for (const code of codes) {
      const zh = serverZhCN[code];
      expect({ code, chinese: /[\u4e00-\u9fff]/.test(zh) }).toEqual({ code, chinese: true });
      expect({ code, english: zh.replace(allowed, '').match(/[A-Za-z]{3,}/g) }).toEqual({ code, english: null });
      expect({ code, param: zh.includes('{n}') }).toEqual({ code, param: MESSAGE_DEFS.get(code)!.en.includes('{n}') });
    }
  });

  it("puts both languages of every code into kit's messages, en-US being the catalogue text", () => {
    for (const code of codes) {
      const id = serverMessageId(code);
      expect(kitMessages['zh-CN'][id]).toBe(serverZhCN[code]);
      expect(kitMessages['en-US'][id]).toBe(MESSAGE_DEFS.get(code)!.en);
      expect(serverMessages['en-US'][id]).toBeTruthy();
    }
  });

  it('finds the code of a server text, parametrised ones by pattern', () => {
    expect(messageCodeOf(ERR.captchaWrong)).toBe('ERR.captchaWrong');
    expect(messageCodeOf(JUDGING_ERR.submitTooFrequent(12))).toBe('JUDGING_ERR.submitTooFrequent');
    expect(messageCodeOf('success')).toBeUndefined();
  });

  it('shows each catalogue text in the asked language, with its number', () => {
    for (const def of MESSAGE_DEFS.values()) {
      const msg = def.en.replace('{n}', '7');
      expect(localizeServerMessage(msg, def.code, 'en-US')).toBe(msg);
      const zh = localizeServerMessage(msg, def.code, 'zh-CN');
      expect(zh).toBe(serverZhCN[def.code].replace('{n}', '7'));
    }
    expect(localizeServerMessage('An unknown text', undefined, 'zh-CN')).toBe('An unknown text');
  });

  it('shows a catalogue text with its reason appended in the asked language, the reason as sent', () => {
    const reason = 'no test cases in data/secret or data/sample: x/';
    const msg = withReason(ERR.uploadProblemFailed, reason);
    expect(msg).toBe(`Upload Problem Failed: ${reason}`);
    expect(messageCodeOf(msg)).toBeUndefined();
    expect(localizeServerMessage(msg, undefined, 'zh-CN')).toBe(`${serverZhCN['ERR.uploadProblemFailed']}: ${reason}`);
    expect(localizeServerMessage(msg, undefined, 'en-US')).toBe(msg);
    expect(localizeServerMessage('Not a catalogue text: with a colon', undefined, 'zh-CN')).toBe('Not a catalogue text: with a colon');
    expect(withReason(ERR.uploadProblemFailed, ' ')).toBe(ERR.uploadProblemFailed);
  });
});
