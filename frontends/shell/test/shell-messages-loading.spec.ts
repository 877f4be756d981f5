/** The shell's texts load one language at a time (issue 37): the chosen one, then another only when asked for. */
import { loadShellMessages, shellMessagesStore } from '../src/locales/loaded';
import { shellMessages } from '../src/locales';

describe('loading the shell texts', () => {
  it('holds only the languages asked for, each exactly as its file has it', async () => {
    expect(shellMessagesStore.get()).toEqual({});
    await loadShellMessages('en-US');
    expect(Object.keys(shellMessagesStore.get())).toEqual(['en-US']);
    expect(shellMessagesStore.get()['en-US']).toEqual(shellMessages['en-US']);

    const before = shellMessagesStore.get();
    await loadShellMessages('en-US');
    expect(shellMessagesStore.get()).toBe(before); // loaded once: no new state, no re-render

    await loadShellMessages('zh-CN');
    expect(shellMessagesStore.get()['zh-CN']).toEqual(shellMessages['zh-CN']);
    expect(shellMessagesStore.get()['en-US']).toBe(before['en-US']);
  });
});
