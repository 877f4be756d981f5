const path = require('path');
module.exports = {
  displayName: 'group',
  ...require('../../jest.preset')(__dirname, {
    testEnvironment: 'jsdom',
    moduleNameMapper: {
      '^@oj/contracts$': path.join(__dirname, '../../packages/contracts/src'),
      '^@oj/kit$': path.join(__dirname, '../kit/src'),
      '^problems/workspace$': path.join(__dirname, '../problems/src/exposed/workspace.tsx'),
      '^contest/clock$': path.join(__dirname, '../contest/src/exposed/clock.tsx'),
      '\\.css$': path.join(__dirname, '../kit/test/style-stub.js'),
    },
  }),
};
