/**
 * @jest-environment node
 *
 * antd is bundled into each frontend, not shared (issue 37; kit README): a page loads only the components it uses,
 * and every tree of them must sit under kit's `LocaleProvider` from the same bundle, or that antd copy draws with
 * English texts and without the App context (message, modal). This reads the frontends' webpack configs and
 * exposed modules and fails when a shared antd (or kit's antd half) comes back, or an exposed screen renders without
 * its own provider.
 */
import * as fs from 'fs';
import * as path from 'path';

const FRONTENDS = path.join(__dirname, '../..');

/** Exposed modules that draw no antd tree of their own, and why (every './preload' only starts chunks). */
const WITHOUT_PROVIDER: Record<string, string> = {
  'contest ./clock': 'texts and tags only (no locale texts, no theme), inline in the host: clock.tsx says why',
};

interface FederationOptions {
  exposes: Record<string, string>;
  shared: Record<string, unknown>;
}

function federationOptions(name: string): FederationOptions {
  const make = require(path.join(FRONTENDS, name, 'webpack.config.js'));
  const config = typeof make === 'function' ? make({}, { mode: 'production' }) : make;
  const plugin = config.plugins.find((p: { constructor: { name: string } }) => p.constructor.name === 'ModuleFederationPlugin');
  return plugin.options;
}

const frontends = fs
  .readdirSync(FRONTENDS)
  .filter((name) => fs.existsSync(path.join(FRONTENDS, name, 'webpack.config.js')))
  .sort();

describe('antd per frontend', () => {
  it('finds the six frontends', () => {
    expect(frontends).toEqual(['admin', 'contest', 'exam', 'group', 'problems', 'shell']);
  });

  it.each(frontends)('%s shares neither antd nor its antd-based libraries', (name) => {
    const shared = Object.keys(federationOptions(name).shared);
    expect(shared).toContain('@oj/kit/core');
    expect(shared).toContain('react');
    expect(
      shared.filter((lib) => lib === 'antd' || lib.startsWith('antd/') || lib.startsWith('@ant-design/') || lib === '@oj/kit'),
    ).toEqual([]);
  });

  it.each(frontends.filter((name) => name !== 'shell'))("%s wraps its root and every exposed screen in kit's LocaleProvider", (name) => {
    const { exposes } = federationOptions(name);
    const source = (file: string) => fs.readFileSync(path.join(FRONTENDS, name, file), 'utf8');
    const srcDir = path.join(FRONTENDS, name, 'src');
    const appTree = fs
      .readdirSync(srcDir)
      .filter((f) => /\.tsx$/.test(f))
      .some((f) => /<LocaleProvider\b/.test(fs.readFileSync(path.join(srcDir, f), 'utf8')));
    expect(appTree).toBe(true);
    for (const [key, file] of Object.entries(exposes)) {
      if (key === './app' || key === './preload' || WITHOUT_PROVIDER[`${name} ${key}`]) continue;
      expect({ key, wrapped: /<LocaleProvider\b/.test(source(file)) }).toEqual({ key, wrapped: true });
    }
  });
});
