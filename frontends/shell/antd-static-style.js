/**
 * antd's component styles as one static sheet, made at build time (issue 37). antd 5 writes each component's CSS
 * at run time (CSS-in-JS) the first time the component renders: on a cold load of the contest board that was about a
 * third of the page's main-thread work after the bundles arrived. The sheet written here holds every component's
 * CSS for the theme the app uses (antd's default: the app sets no theme tokens) plus antd's map of what it holds;
 * when the map is on the page before antd's first render, antd takes those styles as present and skips them. A
 * component whose theme differs from the one extracted here (a tree with its own tokens) still gets its CSS at run
 * time, so the sheet can only make things faster, never change a style.
 *
 * Run as a child process (webpack.config.js): antd reads NODE_ENV when loaded and names its classes differently in
 * development, so the extraction must see 'production' as the built app does. Prints the CSS on stdout.
 */
const { extractStyle } = require('@ant-design/static-style-extract');

// extractStyle renders every component on the server once; React's server-render warnings are noise here.
console.error = () => undefined;
process.stdout.write(extractStyle());
