const path = require('path');
module.exports = {
  displayName: 'shell',
  ...require('../../jest.preset')(__dirname, {
    testEnvironment: 'jsdom',
    moduleNameMapper: {
      '^@oj/contracts$': path.join(__dirname, '../../packages/contracts/src'),
      '^@oj/kit/core$': path.join(__dirname, '../kit/src/core'),
      '^@oj/kit$': path.join(__dirname, '../kit/src'),
      '\\.css$': path.join(__dirname, '../kit/test/style-stub.js'),
    },
  }),
};
