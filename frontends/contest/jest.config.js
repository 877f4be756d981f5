const path = require('path');
module.exports = {
  displayName: 'contest',
  ...require('../../jest.preset')(__dirname, {
    testEnvironment: 'jsdom',
    moduleNameMapper: {
      '^@oj/contracts$': path.join(__dirname, '../../packages/contracts/src'),
      '^@oj/kit$': path.join(__dirname, '../kit/src'),
      '^problems/workspace$': path.join(__dirname, '../problems/src/exposed/workspace.tsx'),
      '^problems/comments$': path.join(__dirname, '../problems/src/exposed/comments.tsx'),
      '^problems/case-results$': path.join(__dirname, '../problems/src/exposed/case-results.tsx'),
      '\\.css$': path.join(__dirname, '../kit/test/style-stub.js'),
    },
  }),
};
