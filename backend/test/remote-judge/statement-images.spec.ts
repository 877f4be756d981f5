/**
 * The pictures of an imported statement (issue 34): every http(s) picture, as HTML or Markdown, is found once and
 * replaced where it is a picture by the address it was stored under; links to the same address, pictures that could
 * not be stored and pictures past the limit keep the site's address; only pictures the site serves itself are fetched.
 */
import {
  copyStatementImages,
  servedBySite,
  STATEMENT_IMAGES_MAX,
  statementImageUrls,
} from '../../src/modules/remote-judge/admin/statement-images';

const statement = (description: string, more: Partial<Record<'input' | 'output' | 'hint', string>> = {}) => ({
  description,
  input: '',
  output: '',
  hint: '',
  ...more,
});

describe('statement pictures', () => {
  it('finds each http(s) picture once, in HTML with any quoting and in Markdown, and skips relative or data ones', () => {
    const p = statement(
      `<p><img src="http://site/a.jpg"> <IMG alt=x SRC='https://site/b.png'/> <img src=http://site/c.gif border=0></p>` +
        `<img src="data:image/png;base64,AAAA"><img src="/local.png">`,
      { input: '![fig](http://site/d.jpg)', hint: '<img src="http://site/a.jpg">' },
    );
    expect(statementImageUrls(p)).toEqual(['http://site/a.jpg', 'https://site/b.png', 'http://site/c.gif', 'http://site/d.jpg']);
  });

  it('replaces stored pictures everywhere they appear, keeps a link of the same address and a picture that failed', async () => {
    const p = statement(`<img src="http://site/a.jpg"><a href="http://site/a.jpg">original</a><img src="http://site/broken.jpg">`, {
      hint: '![again](http://site/a.jpg)',
    });
    const asked: string[] = [];
    const { problem, copied, kept } = await copyStatementImages(p, async (url) => {
      asked.push(url);
      return url.endsWith('a.jpg') ? '/api/public/upload/abc.jpg' : null;
    });
    expect(asked).toEqual(['http://site/a.jpg', 'http://site/broken.jpg']);
    expect(copied).toBe(1);
    expect(kept).toEqual(['http://site/broken.jpg']);
    expect(problem.description).toBe(
      `<img src="/api/public/upload/abc.jpg"><a href="http://site/a.jpg">original</a><img src="http://site/broken.jpg">`,
    );
    expect(problem.hint).toBe('![again](/api/public/upload/abc.jpg)');
    // the fetched statement itself is left as it was
    expect(p.description).toContain('<img src="http://site/a.jpg">');
  });

  it(`copies at most ${STATEMENT_IMAGES_MAX} pictures of one problem`, async () => {
    const many = Array.from({ length: STATEMENT_IMAGES_MAX + 2 }, (_, i) => `<img src="http://site/${i}.png">`).join('');
    let calls = 0;
    const { copied, kept } = await copyStatementImages(statement(many), async (url) => {
      calls++;
      return `/api/public/upload/${url.slice(-5, -4)}.png`;
    });
    expect(calls).toBe(STATEMENT_IMAGES_MAX);
    expect(copied).toBe(STATEMENT_IMAGES_MAX);
    expect(kept).toHaveLength(2);
  });

  it('fetches only pictures the site serves: its host or its domain, never another host or the local network', () => {
    expect(servedBySite('https://espresso.codeforces.com/a.png', 'https://codeforces.com')).toBe(true);
    expect(servedBySite('https://codeforces.com/a.png', 'https://codeforces.com')).toBe(true);
    expect(servedBySite('https://img.atcoder.jp/abc110/a.png', 'https://atcoder.jp')).toBe(true);
    expect(servedBySite('http://acm.hdu.edu.cn/data/images/1.jpg', 'https://acm.hdu.edu.cn')).toBe(true);
    expect(servedBySite('http://127.0.0.1:4000/x.jpg', 'http://127.0.0.1:4000')).toBe(true);
    expect(servedBySite('https://i.imgur.com/a.png', 'https://codeforces.com')).toBe(false);
    expect(servedBySite('http://169.254.169.254/latest/meta-data', 'https://codeforces.com')).toBe(false);
    expect(servedBySite('http://127.0.0.1:6379/', 'https://codeforces.com')).toBe(false);
    expect(servedBySite('http://10.0.0.5/x.jpg', 'http://10.0.0.1')).toBe(false);
    expect(servedBySite('https://evilcodeforces.com/a.png', 'https://codeforces.com')).toBe(false);
    // a country's second level is not the site's domain: hdu.edu.cn is, edu.cn is not
    expect(servedBySite('http://img.hdu.edu.cn/a.png', 'https://acm.hdu.edu.cn')).toBe(true);
    expect(servedBySite('http://www.example.edu.cn/a.png', 'https://acm.hdu.edu.cn')).toBe(false);
    expect(servedBySite('not a url', 'https://codeforces.com')).toBe(false);
  });
});
