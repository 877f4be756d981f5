/** The footer's links (issue 37 item 14): on a phone the language switch goes below them, with no "|" left at the end. */
import { act, createElement } from 'react';
import { Root, createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { LIMITS } from '@oj/contracts';
import { Footer } from '../src/layout/footer';
import { shellMessages } from '../src/locales';

(globalThis as unknown as { IS_REACT_ACT_ENVIRONMENT: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let mobile = false;
window.matchMedia = ((query: string) => ({
  matches: mobile && query.includes(`max-width: ${LIMITS.mobileLayoutWidthPx - 1}px`),
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
})) as unknown as typeof window.matchMedia;

let root: Root;
let host: HTMLElement;
function render() {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() =>
    root.render(
      createElement(
        IntlProvider,
        { locale: 'zh-CN', messages: shellMessages['zh-CN'] },
        createElement(MemoryRouter, { future: { v7_startTransition: true, v7_relativeSplatPath: true } }, createElement(Footer)),
      ),
    ),
  );
}
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

/** The links row as a sequence: link texts, "|" and the switch. */
const row = () =>
  [...host.querySelectorAll('.oj-footer-links > *')].map((e) =>
    e.classList.contains('oj-segmented') ? 'switch' : e.classList.contains('oj-line-break') ? 'break' : e.textContent,
  );

describe('footer', () => {
  it('separates every link and the language switch with "|" on a wide screen', () => {
    mobile = false;
    render();
    expect(row().filter((x) => x === '|')).toHaveLength(3);
    expect(row().slice(-2)).toEqual(['|', 'switch']);
  });

  it('puts the language switch on its own line on a phone, the last "|" gone', () => {
    mobile = true;
    render();
    expect(row().filter((x) => x === '|')).toHaveLength(2);
    expect(row().slice(-2)).toEqual(['break', 'switch']);
  });
});
